//! The in-game glossary (`help rules` at the terminal): the words and numbers on the
//! Stratoyager screen, what hits do, when a unit is lost, and how victory points are
//! scored, each with its rule id.

/// What a player needs to read the screen and the scores.
pub const GLOSSARY: &str = "\
BASIC STRATOYAGER - READING THE SCREEN (rulings SY-nn, project rulings SYO-nn)
  Header: turn N of 6 (+1 on a 4+: a 7th turn), phase, segment; Priority: the side that
  flies and places first in a segment (lower total Sensors, SY-13); Cards this turn.
  Map: north (side B's edge) on top; labels every 3 klicks up, 6 across (SY-04).
  1-9 side A, a-z side B, then facing ^ / > \\ v < ; % hulk, @ several units, p pilot,
  # obstacle. Facing: ^ 12 o'clock (north), / 1-2 or 7-8, > 3, \\ 4-5 or 10-11, v 6, < 9.
  Unit line: mark, name, place, course, facing, speed, card (its revealed Initiative
  Card); shields now/max, structure now/max, missiles left; tokens [greyout] [BLACKOUT]
  [evasive] [fire at will] [countermeasures] [yawed], [lock -> x] placed, [LOCKED on x]
  may launch, [Locked by y] (SY-16), [n missiles tailing] due in the LMD phase (SY-20).
  Asked: the open question, (secret) = answers hidden until all are in, and who is
  still to answer; Your order: your hidden answer; Your question: each enemy's klicks
  (band), bearing from your facing, IN FRONT ARC or not, LOS, speed; thrust limits.
  Menus: (d klicks, band dice, THT n) for a shot; (n stress dice) for a maneuver.
A TURN (SY-13, SY-14; before turn 1, FORCE SHOW: secret deployment cards, SY-22)
  1. Returns (SY-24); reserves arrive on 1D6 <= turn + 2, in turn 4 surely (SY-23).
  2. Initiative Phase: cards 1..N, N = the larger side's active units, one per unit,
     secret; one unit a side: the dogfight deal instead (SY-27).
  3. Segment k, units with card k: secret Movement Action (two maneuvers, different
     drivers, thrust 0-9, evasive or not; deceleration first, maneuver 1, inertia =
     speed klicks along course, maneuver 2) -> secret yaw -> hull stress -> off table:
     withdraw or return -> Fire at Will -> secret Combat Action (1 of 7, SY-21): all
     revealed and resolved together, so both sides fire.
  4. Locked Missile Damage phase (SY-20); end checks; after turn 6 the extra-turn roll.
STATS (parameter card, SY-02; the unit line shows those that change)
  Structure   hull points; Shields: levels, start full, Raise Shields +1 up to max.
  Armor       a damage die scores on EQUAL or HIGHER (Blackbuck fore 5, side 4, aft 3).
  TC/Sensors  Targeting Computer comes off every THT; Sensors off a locked missile's.
  Main weapon 1D-3D damage dice (Turret 360 -1D: the Vulture's 3D fires as 2D, SY-19).
  Missiles    light 3D, medium 4D, heavy 6D; each launch or shot spends one (SY-18).
  Safe acc / dec / turn / slide: thrust with no stress; up to 2 x safe (at most 9, dec
              at most speed), one Stress Die per point over safe (SY-09).
  Speed       klicks flown each turn along the course (inertia); no cap (SY-07).
  Course      where it flies; facing: where the nose points: arcs, armour (SY-08).
  Points      Guardian 151a 110, Vulture Mk IV 194, Blackbuck Mk II 109, Evo 6.2 84.
HITS AND DAMAGE
  A shot needs: able to act, line of sight (only # blocks), the front arc (11 to 1
  o'clock of facing; Turret 360 all round), range 24 or less (SY-17). THT = target
  speed + own speed - TC (- Sensors: locked missile), +2 own greyout, +2 if either
  unit is evasive (SY-10). Roll by band, hit if the picked die >= THT: point-blank
  (to 1 klick) 3D6 highest, close (6) 2D6 highest, medium (12) 1D6, long (18) 2D6
  lowest, extreme (24) 3D6 lowest; visual (30) only holds a lock (SY-05). Dumb rolls
  one band further out. THT over 6: automatic failure, never offered (SYO-04).
  Damage: each die >= armour is 1 point; each shield level absorbs a point and is lost;
  the rest comes off Structure: 0 wrecked, below 0 destroyed, both out of play, scored
  alike (SY-19). Locked missiles hit in the LMD phase; countermeasures: 4+ stops one.
  Hull stress (SY-09): dice = thrust over safe, a yaw +1 to the higher thrust, Weak
  Frame +1 die; a die fails on 4+ (Evo 6.2 3+). 1 fail greyout (+2 THT this turn);
  2 blackout (no Combat Action or Fire at Will this turn); 3 blackout and 1 Structure
  lost, shields do not absorb; 4+ destroyed. Obstacle at move end: destroyed (SY-12).
VICTORY POINTS (SY-25, SY-28; the bottom line, live)
  A side scores the full points of each ENEMY unit destroyed, wrecked, withdrawn or
  abandoned by an ejecting pilot (at once, even as a % hulk, SYO-10); damage and units
  away to return score 0. An ejected pilot (p, 1 klick from its 'yager), friend or foe,
  is worth half its unit's points to the side with the unit on the table nearest it
  (Pilots: line); equal: nobody; if one side has nothing left in play, the other side.
  The game ends at once when a side has no combat-capable unit (on the table, in
  reserve or away to return): the other wins by annihilation, whatever the score
  (both: on points, SYO-16). A side with no unit on the table for a whole turn, all
  having left, loses (SYO-18). Else after turn 6 (7): higher score wins; equal: draw.
";
