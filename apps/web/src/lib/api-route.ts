// The call types and path building of the contract's route table (decision 039), under lib/ for the app.
export * from '@oripa/contract/api-call';
