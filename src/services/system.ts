import { clientConfig } from '../contract/system.ts';
import { call } from './http.ts';

export const systemService = {
  config: (signal?: AbortSignal) => call(clientConfig, {}, { signal }),
};
