//! `help rules` in the terminal.

pub const GLOSSARY: &str = "\
Black Skies — what the screen shows (rulings BS-01…BS-15 v2, docs/black-skies.md)
  Table      inches; side A's edge is the bottom (y = 0), B's the top (BS-01).
  A1, B3     fighters: side letter and number; ↑ ↗ → … their heading (0° = up, clockwise).
  element    a lead and his wingman, sharing speed and card (BS-05); named by suit.
  set-up     both sides at once, in secret: element by element, in the order that
             becomes your movement deck, its starting speed, then its first card face
             down. Then the speeds show, the cards stay down, the deck order shows as
             they flip, and who moves first is drawn (BS-02, seed PLAY).
  speed      inches flown per activation, 0–12 (seed: \"maximum speed limit of 12\").
  card N     the maneuver card face down for the element's next activation; yours show
             their number, the enemy's only that one lies there (BS-02, BS-04).
  diff       a maneuver's difficulty: pass if d10 + skill (+1 light, −1 heavy) ≥ diff,
             doubled when crippled and again after a failed check this turn (BS-07).
             A failure flies the basic turn the same way instead and that pilot may
             not fire (BS-08).
  penalty    taken off the speed whether the maneuver succeeds or not (seed).
  arcs       six 60° arcs around the heading; the range band is close ≤ ⅓ of the
             weapon's range, medium ≤ ⅔, long ≤ all (BS-10).
  accuracy   a d10 ≤ accuracy hits: +1 close, −1 long, +1 target slower than 4, −1
             faster than 8, −1 jinking (Zigzag) (BS-09).
  damage     the weapon's die, one size smaller against shields, less armour (BS-09).
  crippled   Hull ≤ half: harder to fly, fires half its weapons (BS-11).
  score      points of enemy fighters destroyed or flown off the table; the game ends
             after turn 12 or when a side has nobody left (BS-12).
";
