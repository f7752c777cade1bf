//! Tokens as the engine's prompt parser reads them (lowercase words, sentence punctuation as
//! ","), plus where each came from so a product can be named the way the user wrote it, and a
//! small phrase table matcher for the assistant's own word lists.

use std::collections::HashMap;

#[derive(Debug, Clone)]
pub(crate) struct Token<'a> {
    /// Lowercase word, or "," for sentence punctuation.
    pub word: String,
    /// The original text.
    pub text: &'a str,
    pub start: usize,
    pub end: usize,
}

impl Token<'_> {
    pub fn is_break(&self) -> bool {
        self.word == ","
    }

    /// A full stop, question or exclamation mark: the next word starts a sentence.
    pub fn ends_sentence(&self) -> bool {
        matches!(self.text, "." | "!" | "?")
    }
}

pub(crate) fn tokenize(text: &str) -> Vec<Token<'_>> {
    let mut tokens = Vec::new();
    let mut start = None;
    let word = |s: usize, e: usize| Token {
        word: text[s..e].to_lowercase(),
        text: &text[s..e],
        start: s,
        end: e,
    };
    for (i, ch) in text.char_indices() {
        if ch.is_alphanumeric() {
            start.get_or_insert(i);
            continue;
        }
        if let Some(s) = start.take() {
            tokens.push(word(s, i));
        }
        let end = i + ch.len_utf8();
        if matches!(ch, ',' | '.' | ';' | '!' | '?' | ':') {
            tokens.push(Token {
                word: ",".into(),
                text: &text[i..end],
                start: i,
                end,
            });
        } else if ch == '&' {
            tokens.push(Token {
                word: "and".into(),
                text: &text[i..end],
                start: i,
                end,
            });
        }
    }
    if let Some(s) = start {
        tokens.push(word(s, text.len()));
    }
    tokens
}

/// The engine's plural rule ("candles" → "candle", "brushes" → "brush").
pub(crate) fn singular(word: &str) -> Option<&str> {
    word.strip_suffix("es")
        .filter(|w| w.ends_with("sh") || w.ends_with("ch") || w.ends_with('x'))
        .or_else(|| word.strip_suffix('s').filter(|w| w.len() > 2))
}

/// Joins token words with spaces, for the engine's parser (it re-tokenizes the same way).
pub(crate) fn join(tokens: &[Token], keep: impl Fn(usize) -> bool) -> String {
    let mut out = String::new();
    for (i, t) in tokens.iter().enumerate() {
        if keep(i) {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(&t.word);
        }
    }
    out
}

/// A word list of one- to three-word phrases, matched longest first; a phrase's last word
/// also matches its plural.
pub(crate) struct Phrases<T: 'static> {
    by_first: HashMap<&'static str, Vec<(Vec<&'static str>, T)>>,
}

impl<T: Copy> Phrases<T> {
    pub fn new(table: &'static [(&'static str, T)]) -> Self {
        let mut by_first: HashMap<&'static str, Vec<(Vec<&'static str>, T)>> = HashMap::new();
        for (phrase, value) in table {
            let words: Vec<&str> = phrase.split(' ').collect();
            by_first.entry(words[0]).or_default().push((words, *value));
        }
        for entries in by_first.values_mut() {
            entries.sort_by_key(|(words, _)| std::cmp::Reverse(words.len()));
        }
        Phrases { by_first }
    }

    /// The longest phrase starting at `i`: its value and how many tokens it covers.
    pub fn at(&self, tokens: &[Token], i: usize) -> Option<(T, usize)> {
        let first = &tokens.get(i)?.word;
        let entries = self
            .by_first
            .get(first.as_str())
            .or_else(|| singular(first).and_then(|s| self.by_first.get(s)))?;
        entries.iter().find_map(|(words, value)| {
            let n = words.len();
            let fits = i + n <= tokens.len()
                && words.iter().enumerate().all(|(k, w)| {
                    let t = tokens[i + k].word.as_str();
                    t == *w || (k == n - 1 && singular(t) == Some(w))
                });
            fits.then_some((*value, n))
        })
    }

    pub fn contains(&self, word: &str) -> bool {
        self.by_first
            .get(word)
            .or_else(|| singular(word).and_then(|s| self.by_first.get(s)))
            .is_some_and(|entries| entries.iter().any(|(w, _)| w.len() == 1))
    }
}

/// "a" or "an" before `word`.
pub(crate) fn article(word: &str) -> &'static str {
    let lower = word.to_lowercase();
    let consonant_sound = ["uni", "use", "usu", "uv", "usb", "one", "eu"];
    let vowel_sound = ["hour", "honest", "heir", "8", "11", "18"];
    let starts_vowel = lower.starts_with(['a', 'e', 'i', 'o', 'u']);
    if vowel_sound.iter().any(|p| lower.starts_with(p))
        || (starts_vowel && !consonant_sound.iter().any(|p| lower.starts_with(p)))
    {
        "an"
    } else {
        "a"
    }
}

/// "a" before a vowel sound is "an" ("on a outdoor café" → "on an outdoor café"), and the
/// other way round.
pub(crate) fn fix_articles(phrase: &str) -> String {
    let words: Vec<&str> = phrase.split(' ').collect();
    let mut out = Vec::new();
    for (k, w) in words.iter().enumerate() {
        let lower = w.to_lowercase();
        if (lower == "a" || lower == "an") && k + 1 < words.len() {
            let fixed = article(words[k + 1]);
            out.push(if w.starts_with('A') {
                capitalize(fixed)
            } else {
                fixed.to_string()
            });
        } else {
            out.push((*w).to_string());
        }
    }
    out.join(" ")
}

/// Plural nouns take no article: "earbuds", "candles", "jeans" (not "glass", "lens").
pub(crate) fn looks_plural(word: &str) -> bool {
    let w = word.to_lowercase();
    const ALWAYS: &[&str] = &[
        "jeans",
        "glasses",
        "sunglasses",
        "pants",
        "shorts",
        "goggles",
    ];
    const SINGULAR: &[&str] = &[
        "lens", "canvas", "hummus", "cactus", "gas", "series", "chassis",
    ];
    ALWAYS.contains(&w.as_str())
        || (w.len() > 3
            && w.ends_with('s')
            && !SINGULAR.contains(&w.as_str())
            && !["ss", "us", "is"].iter().any(|end| w.ends_with(end)))
}

/// Upper-cases the first letter.
pub(crate) fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
