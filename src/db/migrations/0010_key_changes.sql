-- Authentication results are cached per API process (services/key-cache.ts). Every change that can
-- alter one (a key's status, an account's plan, status or service flag, a deletion) announces
-- itself on one channel, with the schema as payload, so every process drops its cache at commit.
-- Statement-level and column-qualified: stamping last_used_at or billing bookkeeping stays silent.
CREATE FUNCTION announce_key_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('api_key_changes', TG_TABLE_SCHEMA);
  RETURN NULL;
END $$;

CREATE TRIGGER api_keys_changed
  AFTER UPDATE OF status, digest, kind, account_id OR DELETE ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION announce_key_change();

CREATE TRIGGER accounts_changed
  AFTER UPDATE OF plan_code, status, is_service OR DELETE ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION announce_key_change();
