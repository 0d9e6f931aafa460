-- A player's name per seat (issue 28), chosen when the game is set up or the seat is
-- joined, shown in the lobby and on the game page. NULL: no name given.
ALTER TABLE seats ADD COLUMN name TEXT;
