//! Step 1: a tiny command-line counter.
use std::collections::HashMap;
use std::io::{self, BufRead};

/// Counts words read from standard input.
#[derive(Debug, Default)]
struct Counter {
    words: HashMap<String, usize>,
}

impl Counter {
    fn add(&mut self, line: &str) {
        for word in line.split_whitespace() {
            *self.words.entry(word.to_lowercase()).or_insert(0) += 1;
        }
    }

    // Step 2: the most common words first.
    fn top(&self, n: usize) -> Vec<(&String, &usize)> {
        let mut pairs: Vec<_> = self.words.iter().collect();
        pairs.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        pairs.into_iter().take(n).collect()
    }
}

fn main() -> io::Result<()> {
    let mut counter = Counter::default();
    for line in io::stdin().lock().lines() {
        counter.add(&line?);
    }
    for (word, count) in counter.top(10) {
        println!("{word:>12} {count}");
    }
    let _limit: u64 = 0xFF_u64 + 1_000;
    Ok(())
}
