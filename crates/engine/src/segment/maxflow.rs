//! Minimum cut of an image grid (Boykov–Kolmogorov max-flow).
//!
//! Every pixel is a node joined to its 8 neighbours; the source side is the product, the sink
//! side the background. Boykov–Kolmogorov grows two search trees from the terminals and
//! reuses them between augmentations, which on image grids beats push–relabel and
//! Edmonds–Karp by a wide margin.

/// No parent: a free node.
const NONE: u32 = u32::MAX;
/// The parent is the node's own terminal.
const TERMINAL: u32 = u32::MAX - 1;
/// Lost its parent during an augmentation; waiting to be adopted.
const ORPHAN: u32 = u32::MAX - 2;

/// Neighbour offsets; the opposite of direction `d` is `7 - d`.
const DIRS: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// A `w`×`h` grid graph with 8-connected arcs (both directions stored, each with its sister).
pub struct Grid {
    /// Arcs of node `i` are `start[i]..start[i + 1]`.
    start: Vec<u32>,
    head: Vec<u32>,
    sister: Vec<u32>,
    /// Capacity as set by [`Grid::set_edge`], restored before every solve.
    cap: Vec<f32>,
    /// Which direction of [`DIRS`] each arc goes.
    dir: Vec<u8>,
}

impl Grid {
    pub fn new(w: usize, h: usize) -> Self {
        let n = w * h;
        let mut start = Vec::with_capacity(n + 1);
        let mut head = Vec::with_capacity(n * 8);
        let mut dir = Vec::with_capacity(n * 8);
        for y in 0..h as i32 {
            for x in 0..w as i32 {
                start.push(head.len() as u32);
                for (d, (dx, dy)) in DIRS.iter().enumerate() {
                    let (nx, ny) = (x + dx, y + dy);
                    if nx >= 0 && ny >= 0 && (nx as usize) < w && (ny as usize) < h {
                        head.push(ny as u32 * w as u32 + nx as u32);
                        dir.push(d as u8);
                    }
                }
            }
        }
        start.push(head.len() as u32);
        let mut sister = vec![0u32; head.len()];
        for i in 0..n {
            for a in start[i] as usize..start[i + 1] as usize {
                let j = head[a] as usize;
                let back = 7 - dir[a];
                sister[a] = (start[j]..start[j + 1])
                    .find(|&b| dir[b as usize] == back)
                    .expect("every grid arc has its reverse");
            }
        }
        let cap = vec![0.0; head.len()];
        Grid {
            start,
            head,
            sister,
            cap,
            dir,
        }
    }

    /// Arcs out of node `i`: (arc index, neighbour, direction offset).
    pub fn arcs(&self, i: usize) -> impl Iterator<Item = (usize, usize, (i32, i32))> + '_ {
        (self.start[i] as usize..self.start[i + 1] as usize)
            .map(move |a| (a, self.head[a] as usize, DIRS[self.dir[a] as usize]))
    }

    /// Sets every arc's capacity, in the order [`Grid::arcs`] lists them node by node.
    pub fn set_caps(&mut self, caps: Vec<f32>) {
        assert_eq!(caps.len(), self.cap.len(), "one capacity per arc");
        self.cap = caps;
    }

    /// Minimum cut for per-node terminal weights: `terminal[i] > 0` is the cost of putting
    /// node `i` on the sink side, `< 0` (negated) the cost of the source side. Answers which
    /// nodes end on the source side.
    pub fn min_cut(&self, terminal: &[f32]) -> Vec<bool> {
        let mut s = Solver {
            g: self,
            r_cap: self.cap.clone(),
            tr_cap: terminal.to_vec(),
            parent: vec![NONE; terminal.len()],
            is_sink: vec![false; terminal.len()],
            ts: vec![0; terminal.len()],
            dist: vec![0; terminal.len()],
            queued: vec![false; terminal.len()],
            active: std::collections::VecDeque::new(),
            orphans: std::collections::VecDeque::new(),
            time: 0,
        };
        s.run();
        (0..terminal.len())
            .map(|i| s.parent[i] != NONE && !s.is_sink[i])
            .collect()
    }
}

struct Solver<'a> {
    g: &'a Grid,
    r_cap: Vec<f32>,
    tr_cap: Vec<f32>,
    parent: Vec<u32>,
    is_sink: Vec<bool>,
    ts: Vec<u32>,
    dist: Vec<u32>,
    queued: Vec<bool>,
    active: std::collections::VecDeque<u32>,
    orphans: std::collections::VecDeque<u32>,
    time: u32,
}

impl Solver<'_> {
    fn set_active(&mut self, i: usize) {
        if !self.queued[i] {
            self.queued[i] = true;
            self.active.push_back(i as u32);
        }
    }

    fn next_active(&mut self) -> Option<usize> {
        while let Some(i) = self.active.pop_front() {
            let i = i as usize;
            self.queued[i] = false;
            if self.parent[i] != NONE {
                return Some(i);
            }
        }
        None
    }

    fn arcs(&self, i: usize) -> std::ops::Range<usize> {
        self.g.start[i] as usize..self.g.start[i + 1] as usize
    }

    fn run(&mut self) {
        for i in 0..self.tr_cap.len() {
            if self.tr_cap[i] != 0.0 {
                self.is_sink[i] = self.tr_cap[i] < 0.0;
                self.parent[i] = TERMINAL;
                self.dist[i] = 1;
                self.set_active(i);
            }
        }
        let mut current: Option<usize> = None;
        loop {
            let i = match current.take() {
                Some(i) if self.parent[i] != NONE => i,
                _ => match self.next_active() {
                    Some(i) => i,
                    None => break,
                },
            };
            let Some(middle) = self.grow(i) else {
                continue;
            };
            self.time += 1;
            self.augment(middle);
            while let Some(o) = self.orphans.pop_front() {
                self.adopt(o as usize);
            }
            current = Some(i);
        }
    }

    /// Grows `i`'s tree by one layer; answers an arc from the source tree to the sink tree
    /// once the trees touch.
    fn grow(&mut self, i: usize) -> Option<usize> {
        let sink = self.is_sink[i];
        for a in self.arcs(i) {
            let sis = self.g.sister[a] as usize;
            let open = if sink {
                self.r_cap[sis] > 0.0
            } else {
                self.r_cap[a] > 0.0
            };
            if !open {
                continue;
            }
            let j = self.g.head[a] as usize;
            if self.parent[j] == NONE {
                self.is_sink[j] = sink;
                self.parent[j] = sis as u32;
                self.ts[j] = self.ts[i];
                self.dist[j] = self.dist[i] + 1;
                self.set_active(j);
            } else if self.is_sink[j] != sink {
                return Some(if sink { sis } else { a });
            } else if self.ts[j] <= self.ts[i] && self.dist[j] > self.dist[i] {
                // A shorter path to the terminal through i.
                self.parent[j] = sis as u32;
                self.ts[j] = self.ts[i];
                self.dist[j] = self.dist[i] + 1;
            }
        }
        None
    }

    fn orphan(&mut self, i: usize) {
        self.parent[i] = ORPHAN;
        self.orphans.push_back(i as u32);
    }

    /// Pushes the bottleneck flow along source → tail(middle) → head(middle) → sink.
    fn augment(&mut self, middle: usize) {
        let g = self.g;
        let tail = g.head[g.sister[middle] as usize] as usize;
        let head = g.head[middle] as usize;
        let mut bottleneck = self.r_cap[middle];
        let mut i = tail;
        loop {
            let a = self.parent[i];
            if a == TERMINAL {
                break;
            }
            let a = a as usize;
            bottleneck = bottleneck.min(self.r_cap[g.sister[a] as usize]);
            i = g.head[a] as usize;
        }
        bottleneck = bottleneck.min(self.tr_cap[i]);
        let mut i = head;
        loop {
            let a = self.parent[i];
            if a == TERMINAL {
                break;
            }
            let a = a as usize;
            bottleneck = bottleneck.min(self.r_cap[a]);
            i = g.head[a] as usize;
        }
        bottleneck = bottleneck.min(-self.tr_cap[i]);

        self.r_cap[g.sister[middle] as usize] += bottleneck;
        self.r_cap[middle] -= bottleneck;
        let mut i = tail;
        loop {
            let a = self.parent[i];
            if a == TERMINAL {
                break;
            }
            let a = a as usize;
            let sis = g.sister[a] as usize;
            self.r_cap[a] += bottleneck;
            self.r_cap[sis] -= bottleneck;
            let next = g.head[a] as usize;
            if self.r_cap[sis] <= 0.0 {
                self.r_cap[sis] = 0.0;
                self.orphan(i);
            }
            i = next;
        }
        self.tr_cap[i] -= bottleneck;
        if self.tr_cap[i] <= 0.0 {
            self.tr_cap[i] = 0.0;
            self.orphan(i);
        }
        let mut i = head;
        loop {
            let a = self.parent[i];
            if a == TERMINAL {
                break;
            }
            let a = a as usize;
            let sis = g.sister[a] as usize;
            self.r_cap[sis] += bottleneck;
            self.r_cap[a] -= bottleneck;
            let next = g.head[a] as usize;
            if self.r_cap[a] <= 0.0 {
                self.r_cap[a] = 0.0;
                self.orphan(i);
            }
            i = next;
        }
        self.tr_cap[i] += bottleneck;
        if self.tr_cap[i] >= 0.0 {
            self.tr_cap[i] = 0.0;
            self.orphan(i);
        }
    }

    /// Finds `i` a new parent in its own tree, or frees it.
    fn adopt(&mut self, i: usize) {
        let g = self.g;
        let sink = self.is_sink[i];
        let mut best: Option<(usize, u32)> = None;
        for a0 in self.arcs(i) {
            let open = if sink {
                self.r_cap[a0] > 0.0
            } else {
                self.r_cap[g.sister[a0] as usize] > 0.0
            };
            if !open {
                continue;
            }
            let j0 = g.head[a0] as usize;
            if self.is_sink[j0] != sink || self.parent[j0] == NONE {
                continue;
            }
            // Is j0 still rooted at a terminal? Walk up, counting the distance.
            let mut j = j0;
            let mut d = 0u32;
            let rooted = loop {
                if self.ts[j] == self.time {
                    d += self.dist[j];
                    break true;
                }
                let a = self.parent[j];
                d += 1;
                if a == TERMINAL {
                    self.ts[j] = self.time;
                    self.dist[j] = 1;
                    break true;
                }
                if a == ORPHAN {
                    break false;
                }
                j = g.head[a as usize] as usize;
            };
            if !rooted {
                continue;
            }
            if best.is_none_or(|(_, bd)| d < bd) {
                best = Some((a0, d));
            }
            // Mark the path so later walks stop early.
            let mut j = j0;
            let mut dd = d;
            while self.ts[j] != self.time {
                self.ts[j] = self.time;
                self.dist[j] = dd;
                dd = dd.saturating_sub(1);
                j = g.head[self.parent[j] as usize] as usize;
            }
        }
        if let Some((a0, d)) = best {
            self.parent[i] = a0 as u32;
            self.ts[i] = self.time;
            self.dist[i] = d + 1;
            return;
        }
        self.parent[i] = NONE;
        for a0 in self.arcs(i) {
            let j = g.head[a0] as usize;
            let a = self.parent[j];
            if self.is_sink[j] != sink || a == NONE {
                continue;
            }
            let open = if sink {
                self.r_cap[a0] > 0.0
            } else {
                self.r_cap[g.sister[a0] as usize] > 0.0
            };
            if open {
                self.set_active(j);
            }
            if a != TERMINAL && a != ORPHAN && g.head[a as usize] as usize == i {
                self.orphan(j);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brute force over every labelling of a tiny grid.
    fn brute(g: &Grid, terminal: &[f32]) -> f32 {
        let n = terminal.len();
        (0u32..1 << n)
            .map(|m| {
                let src = |i: usize| m >> i & 1 == 1;
                let mut cost = 0.0;
                for (i, t) in terminal.iter().enumerate() {
                    if src(i) {
                        cost += (-t).max(0.0);
                    } else {
                        cost += t.max(0.0);
                    }
                    for (a, j, _) in g.arcs(i) {
                        if src(i) && !src(j) {
                            cost += g.cap[a];
                        }
                    }
                }
                cost
            })
            .fold(f32::MAX, f32::min)
    }

    #[test]
    fn the_cut_is_minimal_on_random_small_grids() {
        let mut seed = 7u64;
        let mut rnd = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as f32 / (1u64 << 31) as f32
        };
        for _ in 0..200 {
            let (w, h) = (3 + (rnd() * 2.0) as usize, 3);
            let mut g = Grid::new(w, h);
            let caps = (0..g.head.len()).map(|_| (rnd() * 4.0).floor()).collect();
            g.set_caps(caps);
            let terminal: Vec<f32> = (0..w * h).map(|_| ((rnd() - 0.5) * 12.0).round()).collect();
            let side = g.min_cut(&terminal);
            let mut cost = 0.0;
            for i in 0..w * h {
                cost += if side[i] {
                    (-terminal[i]).max(0.0)
                } else {
                    terminal[i].max(0.0)
                };
                for (a, j, _) in g.arcs(i) {
                    if side[i] && !side[j] {
                        cost += g.cap[a];
                    }
                }
            }
            assert_eq!(cost, brute(&g, &terminal));
        }
    }
}
