/**
 * Genuine quicknet rounds as drand's relays served them (api.drand.sh/<chain>/public/<round>),
 * recorded in public code and checked with the BLS verification before being kept here; and one
 * forged round (a real signature presented as another round). Tests and the drand stand-in use them.
 */
export const RECORDED_QUICKNET_ROUNDS = [
  {
    round: 2,
    signature: 'b6b6a585449b66eb12e875b64fcbab3799861a00e4dbf092d99e969a5eac57dd3f798acf61e705fe4f093db926626807',
  },
  {
    round: 3,
    signature: 'b3fab6df720b68cc47175f2c777e86d84187caab5770906f515ff1099cb01e4deaa027075d860823e49477b93c72bd64',
  },
  {
    round: 1000,
    randomness: 'fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd',
    signature: 'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39',
  },
] as const;

/** Round 1001 claimed with round 1000's signature: well-formed, on the curve, and false. */
export const FORGED_QUICKNET_ROUND = {
  round: 1001,
  signature: 'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39',
} as const;
