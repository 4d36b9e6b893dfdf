/** /v1/keys, /v1/account/*, /v1/usage/daily: compatibility keys, account keys and usage. */
import type { AccountService } from '../services/accounts.js';
import type { UsageService } from '../services/usage.js';
import { presentAccountUsage, presentDailyUsage } from '../presenters/usage.js';
import {
  presentCompatibilityKey,
  presentIssuedKey,
  presentKey,
  presentKeyList,
} from '../presenters/accounts.js';
import type { HandlerMap } from './index.js';
import { caller } from './caller.js';

export function accountHandlers(accounts: AccountService, usage: UsageService): HandlerMap {
  return {
    issueCompatibilityKey: async (ctx, { body }) => {
      const { email } = body;
      ctx.status = 201;
      ctx.body = presentCompatibilityKey(await accounts.issueCompatibilityKey(email));
    },
    getAccountUsage: async (ctx) => {
      ctx.body = presentAccountUsage(await usage.accountUsage(caller(ctx)));
    },
    listAccountKeys: async (ctx) => {
      const principal = caller(ctx);
      ctx.body = presentKeyList(await accounts.listKeys(principal), principal.keyId);
    },
    createAccountKey: async (ctx, { body }) => {
      ctx.status = 201;
      ctx.body = presentIssuedKey(await accounts.createKey(caller(ctx), body?.label));
    },
    rotateAccountKey: async (ctx) => {
      ctx.status = 201;
      ctx.body = presentIssuedKey(await accounts.rotateKey(caller(ctx)));
    },
    revokeAccountKey: async (ctx, { path }) => {
      const principal = caller(ctx);
      ctx.body = presentKey(await accounts.revokeKey(principal, path.key_id), principal.keyId);
    },
    getDailyUsage: async (ctx, { query }) => {
      ctx.body = presentDailyUsage(await usage.dailyUsage(caller(ctx), query));
    },
  };
}
