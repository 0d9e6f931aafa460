-- A token holds at most one seat of a game (issue 25): a join with a token that
-- already holds a seat is refused by the schema too, not only by the code.
-- A database written before this rule may hold a token on two seats of one game
-- (the old join allowed it): such a token keeps its lowest seat, and the later open
-- seats it took are open again, so the index can be made and the server starts.
UPDATE seats SET token_hash = NULL, joined = 0
WHERE kind = 'open' AND token_hash IS NOT NULL AND EXISTS (
    SELECT 1 FROM seats AS earlier
    WHERE earlier.game = seats.game AND earlier.token_hash = seats.token_hash
      AND earlier.seat < seats.seat);
CREATE UNIQUE INDEX seats_one_seat_per_token ON seats (game, token_hash);

-- The digest of the creator token `POST /api/games` returns: it may resign any seat
-- of its game (and so stop a game of agents). NULL for games created before it.
ALTER TABLE games ADD COLUMN creator_hash TEXT;
