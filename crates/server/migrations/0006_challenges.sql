-- Issue 42: open challenges with a points limit. The creator names a ruleset, a base
-- scenario, the points and a clock; each player builds a force apart from the base
-- scenario's roster. The game is set up when the last force comes, every seat an
-- account's; until then each force is seen by its owner only.
-- `status`: open, started (then `game` is the game's id) or withdrawn.
CREATE TABLE challenges (
    id TEXT PRIMARY KEY,
    account TEXT NOT NULL REFERENCES accounts (id),
    ruleset TEXT NOT NULL,
    scenario_name TEXT NOT NULL,
    scenario TEXT NOT NULL,
    points DOUBLE PRECISION NOT NULL,
    seats BIGINT NOT NULL,
    clock_ms BIGINT,
    rated BIGINT NOT NULL,
    min_rating BIGINT,
    max_rating BIGINT,
    created_ms BIGINT NOT NULL,
    status TEXT NOT NULL,
    game TEXT
);
CREATE INDEX challenges_by_status ON challenges (status, created_ms);
-- Each seat's force (roster names, JSON). The primary key decides two players racing
-- for one seat; the unique account keeps a player to one seat of a challenge.
CREATE TABLE challenge_forces (
    challenge TEXT NOT NULL REFERENCES challenges (id),
    seat BIGINT NOT NULL,
    account TEXT NOT NULL REFERENCES accounts (id),
    units TEXT NOT NULL,
    PRIMARY KEY (challenge, seat),
    UNIQUE (challenge, account)
);
