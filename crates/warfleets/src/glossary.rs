//! The terms a player meets at the terminal.

pub const GLOSSARY: &str = "\
Warfleets (Grimdark Future: Warfleets; seed 003, FB rulings)
  Round     4 phases: squadrons, light, medium, heavy ships; players alternate
            activating one model; the other player starts the next round.
  Hold      no travel, turn up to 180°; the ship is a sitting duck (hit on 2+).
  Move      full Move speed straight ahead, one turn up to 90° after half of it.
  Cruise    Cruise speed, turn up to 45°; no shooting this round.
  Ram       as Cruise, stopping at base contact with an enemy ship; no shooting.
  Fly       squadrons move anywhere up to their speed; within 2\" of an enemy
            squadron they engage it and may only fight it.
  To hit    roll Attacks dice needing Evasion+ (+1 rear, +1 squadron vs squadron).
  Block     per hit roll Toughness + Strength or more (+1 rear, −1 cover).
  Damage    squadrons die at 2; ships take it on an upgrade until it stops (2, or
            4 for Armored Plating); all upgrades stopped = destroyed.
  Markers   ships carry the mission markers they touch; most carried after
            round 4 wins, equal is a draw.
  Victory   the points shown are markers carried + half the share of the enemy
  points    fleet's points destroyed: 1.2 = 1 marker and 40% of the enemy
            destroyed. The fraction is a tie-break for the lab's margins; it
            never decides the winner.
  Repairs   Repair Bay and Defiant: the owner picks the upgrade that loses the
            damage (a stopped one works again below its limit).
  Overlap   squadrons a ship ends on are placed by their owners within 1\" of
            it, the non-moving player first (`aside X Y`).
  Typing    `move PIVOT TURN`, `cruise PIVOT TURN`, `ram TARGET PIVOT TURN`,
            `hold TURN` (TURN in degrees, + = starboard, a multiple of 15),
            `fly X Y`, `deploy ID X Y`, `face HEADING`, `marker X Y`,
            `fire GUN TARGET` (GUN: turret or the upgrade number).
            End a typed order with `?` to see where it ends before giving it.
";
