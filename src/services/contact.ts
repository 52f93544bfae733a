import * as ep from '../contract/contact.ts';
import type { ContactInput, SubscribeInput } from '../contract/contact.ts';
import { call } from './http.ts';

type Signal = AbortSignal | undefined;

/** Typed calls of job alerts and the contact form (spec 2 §7 Job: Subscribe, ConnectWithUs). */
export const contactService = {
  subscribe: (alert: SubscribeInput, signal?: Signal) => call(ep.subscribe, { body: alert }, { signal }),
  unsubscribe: (token: string, signal?: Signal) => call(ep.unsubscribe, { body: { token } }, { signal }),
  connect: (message: ContactInput, signal?: Signal) => call(ep.connectWithUs, { body: message }, { signal }),
};
