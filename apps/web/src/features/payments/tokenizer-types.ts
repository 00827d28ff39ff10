/** What a provider's tokenizer script takes and answers (tokenizer.ts loads it; gmo-tokenizer.ts adapts GMO's). */

export interface CardInput {
  card_number: string;
  limit_month: string;
  limit_year: string;
  cvc: string;
  card_name: string;
}

/** '000' with a token, or a provider code (1300-1700 by field, 902, E90 network). */
export interface TokenAnswer {
  resultCode: string;
  token?: string;
  maskedCardNumber?: string;
}

export interface TokenizerOptions {
  shopId: string;
  tokenUrl: string;
}

export interface ProviderTokenizer {
  getToken(card: CardInput, options: TokenizerOptions): Promise<TokenAnswer>;
  getMobileToken(options: TokenizerOptions): Promise<TokenAnswer>;
}
