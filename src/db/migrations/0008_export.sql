-- What one allowance reservation grants (src/limits/allowance.ts): up to `want` of what `remaining`
-- allows, or — for `whole` requests such as an export part — all of `want` or nothing.
CREATE FUNCTION grant_of(want bigint, remaining bigint, whole boolean) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE WHEN whole AND remaining < want THEN 0 ELSE GREATEST(0, LEAST(want, remaining)) END;
