-- Orrery server schema, written in the SQL both SQLite and PostgreSQL read.
-- A game is its set-up (ruleset, scenario, seed) plus its ordered actions: replaying
-- them reproduces the state, and every action's state hash is checked on the way.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    ruleset TEXT NOT NULL,
    scenario_name TEXT NOT NULL,
    scenario TEXT NOT NULL,
    seed BIGINT NOT NULL,
    clock_ms BIGINT,
    created_ms BIGINT NOT NULL,
    status TEXT NOT NULL,
    resigned BIGINT
);
CREATE INDEX games_by_created ON games (created_ms);

CREATE TABLE seats (
    game TEXT NOT NULL REFERENCES games (id),
    seat BIGINT NOT NULL,
    kind TEXT NOT NULL,
    agent TEXT,
    budget_ms BIGINT,
    token_hash TEXT,
    joined BIGINT NOT NULL,
    PRIMARY KEY (game, seat)
);

-- The unique (game, seq) key decides races between server instances.
CREATE TABLE actions (
    game TEXT NOT NULL REFERENCES games (id),
    seq BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    action TEXT NOT NULL,
    hash TEXT NOT NULL,
    cause TEXT NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (game, seq)
);
