//! The in-game glossary (`help rules` at the terminal): the letters on the screen,
//! what a hit and a direct hit do, when a unit is lost, and how victory points
//! change, each with its seed clause or ruling id.

/// What a player needs to read the screen and the scores.
pub const GLOSSARY: &str = "\
Launch Fighters! - reading the screen

The map: hex labels are CCRR (column, row: 1311 is column 13, row 11); odd columns sit
half a hex lower. A0 is ship A of player 0 and its facing (^ N, / NE, \\ SE, v S, /A0 SW,
\\A0 NW); a0 a squadron from ship A (a0_ inactive); o moon/planetoid, : asteroid,
~ nebula, * a squadron sharing the hex; x scenario exit area, # objective area.

Ship stats, C L B D M (seed \"Stats\"; each a level 0-10, Move 0-5):
  C Cannons    dice in a cannon pool (non-guided weapons)
  L Launchers  missiles fired per activation, at most (each needs a missile aboard)
  B Bays       squadrons launched or recovered per turn
  D Defense    a barrage must beat it to hit
  M Move       spaces per turn; also the Step Chart step the ship moves and fires
               in (movement steps 0 up to 5, attack steps 5 down to 0; LF-08)
Squadrons (fighters) have Guns 1 and Move 5 always; active or inactive (flipped).

A turn (LF-06 to LF-16): initiative (2D6 + sensors; lowest moves first), movement by
step, attack by step (activate a unit, gather a pool of dice per weapon system, roll
barrages from it), recovery (squadrons turn active, repairs, units in edge hexes
retreat).

A barrage (LF-11, seed \"Damage and Hits\"): roll the dice you choose from the pool and
add them up.
  all 1s           automatic miss
  sum <= Defense   miss
  sum >  Defense   hit
  sum >  2 x Def.  direct hit
Pools (LF-10): cannons gather one die per level; launchers one die per missile fired.
A cannon pool is halved (rounded up) when the target's Move is higher than the
cannons' level (fast target) or for flak at fighters with cannons below 5. Firing out
of your front arc into the target's rear arc doubles cannons and launchers (flanking,
LF-04). Fighters next to the target may intercept missiles (LF-05). Nebulae and
asteroids change the roll (LF-11).

What a hit does (LF-13): a ship loses one level of one stat, at once; the next barrage
is rolled against the new stats.
  cannons or guns  hit: the defender chooses the stat; direct hit: the attacker
  missiles         hit: the attacker chooses; direct hit: the attacker takes two
                   levels (two stats -1 or one stat -2)
A stat never goes below 0. A ship is destroyed only when all five stats reach 0 (seed
\"If all of its stats reach zero, a ship is destroyed\"). Each Bays level lost with
squadrons aboard rolls a die: 4-6 destroys one squadron aboard (LF-15).
A squadron hit is flipped inactive or sent back to base (the attacker chooses); a direct
hit, or any hit on an inactive squadron, eliminates it (LF-14). In a dogfight both roll
one die; the higher wins, a tie is a draw (LF-12).

Victory points (LF-17), the VP column: each side counts
  + the cost of every enemy unit it eliminated (a squadron 5; a ship its cost minus 5
    for each of its own squadrons that survive it), credited to whoever rolled last;
  + its own units on the map: full value if they can still move and roll a barrage or
    recover fighters, half if not; ships that retreated count half.
So VP change when a unit is eliminated (the killer gains its value, its owner loses
it) and when a ship loses its last Move, weapons or Bays (its owner's value halves).
Scenario objectives add their points (LF-17 (c)). Highest VP wins; equal is shared.
The battle ends at the start of a turn when at most one fleet can still move or fire,
after 3 turns without a barrage or dogfight (stalemate), on a scenario condition, or
at the turn limit (LF-17 (a)-(d)).
";
