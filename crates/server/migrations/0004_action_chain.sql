-- Issue 37 §1: the action log is a chain the database enforces. `head_seq` is the
-- number of the game's last action (0: none yet) and `head_hash` its state hash (''
-- before the first). An action of seq N+1 is written only by a statement that moves
-- the head from (N, hash of N) to (N+1, its hash) while the game is playing, and an
-- undo of N only by one that moves it back from (N, hash of N): every writer takes
-- the game's row lock, so two instances racing on one game cannot both commit, and
-- the loser changes nothing (its answer is `409 conflict`).
ALTER TABLE games ADD COLUMN head_seq BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN head_hash TEXT NOT NULL DEFAULT '';
UPDATE games SET head_seq = COALESCE(
    (SELECT MAX(seq) FROM actions WHERE actions.game = games.id), 0);
UPDATE games SET head_hash = COALESCE(
    (SELECT hash FROM actions WHERE actions.game = games.id AND actions.seq = games.head_seq), '');
