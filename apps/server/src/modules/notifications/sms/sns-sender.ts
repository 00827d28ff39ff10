import type { SNSClient } from '@aws-sdk/client-sns';
import { z } from 'zod';
import { readCredentials, type SmsSender } from './sms-sender.ts';

/**
 * Amazon SNS's credentials (decision 031): an IAM user's access key allowed sns:Publish and
 * sns:GetSMSAttributes, the region, and optionally a sender id. SNS_ENDPOINT points the SDK at
 * another host (a local stand-in in tests) through the SDK's documented `endpoint` setting.
 */
const snsEnv = z.object({
  AWS_REGION: z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'a region such as ap-northeast-1'),
  AWS_ACCESS_KEY_ID: z.string().min(16),
  AWS_SECRET_ACCESS_KEY: z.string().min(16),
  SNS_SENDER_ID: z.string().regex(/^[A-Za-z0-9]{1,11}$/).optional(),
  SNS_ENDPOINT: z.url().optional(),
});

/**
 * Sends through SNS's Publish action to a phone number, as a transactional SMS, with the official
 * SDK. The credentials are checked at once; the SDK is loaded on first use.
 */
export function createSnsSender(env: NodeJS.ProcessEnv): SmsSender {
  const creds = readCredentials('sns', snsEnv, env);
  const sdk = import('@aws-sdk/client-sns');
  let client: Promise<SNSClient> | undefined;
  const connect = () =>
    (client ??= sdk.then(
      ({ SNSClient }) =>
        new SNSClient({
          region: creds.AWS_REGION,
          credentials: { accessKeyId: creds.AWS_ACCESS_KEY_ID, secretAccessKey: creds.AWS_SECRET_ACCESS_KEY },
          // The job engine retries with backoff; one attempt per job run.
          maxAttempts: 1,
          ...(creds.SNS_ENDPOINT ? { endpoint: creds.SNS_ENDPOINT } : {}),
        }),
    ));
  return {
    name: 'sns',
    async send(to, text) {
      const { PublishCommand } = await sdk;
      const answer = await (await connect()).send(
        new PublishCommand({
          PhoneNumber: to,
          Message: text,
          MessageAttributes: {
            // A one-time code: delivery over cost (SNS's documented SMS attributes).
            'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
            ...(creds.SNS_SENDER_ID ? { 'AWS.SNS.SMS.SenderID': { DataType: 'String', StringValue: creds.SNS_SENDER_ID } } : {}),
          },
        }),
      );
      if (!answer.MessageId) throw new Error('SNS answered no message id');
      return answer.MessageId;
    },
    async ping() {
      const { GetSMSAttributesCommand } = await sdk;
      await (await connect()).send(new GetSMSAttributesCommand({ attributes: ['DefaultSMSType'] }));
    },
  };
}
