import { failureLog } from '../../db/failure-log.ts';
import { loginFailures } from '../../db/schema/accounts.ts';

/** The members' login-throttle failures (the console keeps its own table). */
export const { insertFailure: insertLoginFailure, failureTimes, clearFailuresOfMail, deleteFailuresBefore } = failureLog(loginFailures);
