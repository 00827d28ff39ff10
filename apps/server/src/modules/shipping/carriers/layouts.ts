import type { CarrierFormat } from '@oripa/contract/carrier-formats';
import { JAPANPOST_CLICKPOST } from './japanpost-clickpost.ts';
import { JAPANPOST_YUPRI } from './japanpost-yupri.ts';
import type { CarrierLayout } from './layout.ts';
import { SAGAWA_EHIDEN } from './sagawa-ehiden.ts';
import { YAMATO_B2 } from './yamato-b2.ts';

/** Every carrier file the console makes, by format (decision 051). */
export const CARRIER_LAYOUTS: Readonly<Record<CarrierFormat, CarrierLayout>> = {
  yamato_b2: YAMATO_B2,
  sagawa_ehiden: SAGAWA_EHIDEN,
  japanpost_yupri: JAPANPOST_YUPRI,
  japanpost_clickpost: JAPANPOST_CLICKPOST,
};
