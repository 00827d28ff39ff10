import { failureLog } from '../../db/failure-log.ts';
import { operatorLoginFailures } from '../../db/schema/admin.ts';

/** The console's own failure table and statements (the members' gate keeps its own table). */
export const { insertFailure, failureTimes, clearFailuresOfMail, deleteFailuresBefore } = failureLog(operatorLoginFailures);
