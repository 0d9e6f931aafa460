//! Ship construction costs (seed "Ship Construction"; LF-18). OWNER: helper "lf-data".

use crate::types::ShipDesign;

/// Progressive cost: level n costs 1 + 2 + … + n.
///
/// > "The point cost of each stat equals its level plus all levels prior."
pub fn progressive(n: u8) -> u32 {
    let n = u32::from(n);
    n * (n + 1) / 2
}

impl ShipDesign {
    /// Every cost except Move (LF-18's `B`).
    pub fn base_cost(&self) -> u32 {
        let s = &self.stats;
        let a = &self.addons;
        progressive(s.cannons)
            + progressive(s.launchers)
            + progressive(s.bays)
            + progressive(s.defense)
            + progressive(a.sensors)
            + progressive(a.repair)
            + progressive(a.boosters)
            + progressive(a.warp)
            + u32::from(self.missiles).div_ceil(2)
            + 5 * u32::from(self.squadrons)
            + u32::from(a.cargo_holds)
            + 2 * u32::from(a.passenger_holds)
    }

    /// The Move multiplier m = max(1, ⌈B / (20 − P)⌉) (LF-18).
    pub fn move_multiplier(&self) -> u32 {
        let b = self.base_cost();
        let p = progressive(self.stats.mv);
        if p == 0 {
            return 1;
        }
        let room = 20u32.saturating_sub(p).max(1);
        b.div_ceil(room).max(1)
    }

    /// Total build cost B + m·P (LF-18).
    pub fn cost(&self) -> u32 {
        self.base_cost() + self.move_multiplier() * progressive(self.stats.mv)
    }
}

/// Every problem with a design (LF-18 limits), as "field: why" messages. Empty = valid.
pub fn validate(d: &ShipDesign) -> Vec<String> {
    let mut p = Vec::new();
    if d.stats.mv > 5 {
        p.push(format!("move: {} is above 5, the top of the Step Chart (LF-18)", d.stats.mv));
    }
    p
}
