-- Issue 41: hints and the win-chance bar during play. Always allowed against the AI;
-- in a game between people only when its creator set `help` and every other player
-- took a seat seeing that (the lobby and the game's page show it before joining).
ALTER TABLE games ADD COLUMN help BIGINT NOT NULL DEFAULT 0;
-- A guided first battle ("Learn to play"): its ruleset's lessons are taught to the
-- learner's seat, and a lesson takes only the actions it asks for.
ALTER TABLE games ADD COLUMN lessons BIGINT NOT NULL DEFAULT 0;
