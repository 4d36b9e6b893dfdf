/** /v1/keys, /v1/account/*, /v1/usage/daily: compatibility keys, account keys and usage. */
import type { AccountService } from '../services/accounts.js';
import type { UsageService } from '../services/usage.js';
import {
  presentCompatibilityKey,
  presentIssuedKey,
  presentKey,
  presentKeyList,
} from '../presenters/accounts.js';
import type { HandlerMap } from './index.js';
import { body, principal, query } from './query.js';

export function accountHandlers(accounts: AccountService, usage: UsageService): HandlerMap {
  return {
    issueCompatibilityKey: async (ctx) => {
      const { email } = body<{ email?: string }>(ctx);
      ctx.status = 201;
      ctx.body = presentCompatibilityKey(await accounts.issueCompatibilityKey(email));
    },
    getAccountUsage: async (ctx) => {
      ctx.body = await usage.accountUsage(principal(ctx));
    },
    listAccountKeys: async (ctx) => {
      const caller = principal(ctx);
      ctx.body = presentKeyList(await accounts.listKeys(caller), caller.keyId);
    },
    createAccountKey: async (ctx) => {
      const { label } = body<{ label?: string }>(ctx);
      ctx.status = 201;
      ctx.body = presentIssuedKey(await accounts.createKey(principal(ctx), label));
    },
    rotateAccountKey: async (ctx) => {
      ctx.status = 201;
      ctx.body = presentIssuedKey(await accounts.rotateKey(principal(ctx)));
    },
    revokeAccountKey: async (ctx) => {
      const caller = principal(ctx);
      const keyId = String(ctx.state.input?.path.key_id);
      ctx.body = presentKey(await accounts.revokeKey(caller, keyId), caller.keyId);
    },
    getDailyUsage: async (ctx) => {
      ctx.body = await usage.dailyUsage(principal(ctx), query<{ date_from?: string; date_to?: string }>(ctx));
    },
  };
}
