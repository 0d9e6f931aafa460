-- A token holds at most one seat of a game (issue 25): a join with a token that
-- already holds a seat is refused by the schema too, not only by the code.
CREATE UNIQUE INDEX seats_one_seat_per_token ON seats (game, token_hash);

-- The digest of the creator token `POST /api/games` returns: it may resign any seat
-- of its game (and so stop a game of agents). NULL for games created before it.
ALTER TABLE games ADD COLUMN creator_hash TEXT;
-- Games by the address that created them, for the per-address quotas.
ALTER TABLE games ADD COLUMN creator_addr TEXT;
CREATE INDEX games_by_creator_addr ON games (creator_addr, created_ms);
