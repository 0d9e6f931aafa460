-- Issue 42: accounts, optional (a guest plays with seat tokens as before).
-- `id` is 16 random hex digits. `name` is shown; `name_key` (the name folded: NFKC,
-- lower case) is what is unique and what a login names. A deleted account keeps its
-- row (its seats point at it) with name, key and password hash gone.
-- `password_hash` is an Argon2id PHC string: it never leaves the database.
CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    name TEXT,
    name_key TEXT UNIQUE,
    password_hash TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    deleted_ms BIGINT
);
-- A session is a random token in an HttpOnly cookie; only its SHA-256 digest is here.
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    account TEXT NOT NULL REFERENCES accounts (id),
    created_ms BIGINT NOT NULL
);
CREATE INDEX sessions_by_account ON sessions (account);
-- A seat taken while logged in belongs to the account: "my games" on every device.
ALTER TABLE seats ADD COLUMN account TEXT;
CREATE INDEX seats_by_account ON seats (account);

-- Ratings (Glicko-2, `crates/server/src/rating.rs`). A game set up `rated` between
-- accounts moves them once it is over; `rated_ms` is set in the same transaction
-- as the ratings, and only from NULL, so a game is rated once even when two
-- instances sharing the database both see it end.
ALTER TABLE games ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN rated_ms BIGINT;
-- An open challenge's rating range: only a logged-in player whose rating in the
-- game's category lies within it may take an open seat (NULL: anyone).
ALTER TABLE games ADD COLUMN min_rating BIGINT;
-- Between two players (issue 42): a draw agreed by every seat ends the game.
ALTER TABLE games ADD COLUMN drawn BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN max_rating BIGINT;
-- A category is a ruleset's id for two players, `ruleset/Np` for N players.
CREATE TABLE ratings (
    account TEXT NOT NULL REFERENCES accounts (id),
    category TEXT NOT NULL,
    r DOUBLE PRECISION NOT NULL,
    rd DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    wins BIGINT NOT NULL,
    draws BIGINT NOT NULL,
    losses BIGINT NOT NULL,
    PRIMARY KEY (account, category)
);
CREATE INDEX ratings_by_category ON ratings (category, r);
-- Every rated game's effect on each player: the rating graph and the audit trail.
CREATE TABLE rating_changes (
    game TEXT NOT NULL REFERENCES games (id),
    account TEXT NOT NULL REFERENCES accounts (id),
    category TEXT NOT NULL,
    score DOUBLE PRECISION NOT NULL,
    r_before DOUBLE PRECISION NOT NULL,
    r_after DOUBLE PRECISION NOT NULL,
    rd_after DOUBLE PRECISION NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (game, account)
);
CREATE INDEX rating_changes_by_account ON rating_changes (account, at_ms);

-- What the players of a game say to each other (issue 42): chat lines (bounded in
-- length and rate, shown as text only) and draw offers, numbered per game. `seq` is
-- the number of actions recorded when it was said: an offer holds until the next.
CREATE TABLE talk (
    game TEXT NOT NULL REFERENCES games (id),
    n BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    kind TEXT NOT NULL,
    text TEXT NOT NULL,
    seq BIGINT NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (game, n)
);
