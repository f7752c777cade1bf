//! Reads mood, tempo and genre words out of a music prompt.

/// The feel of a track; each picks tempo, harmony, instruments and drum pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mood {
    Calm,
    Upbeat,
    Energetic,
    Luxurious,
    LoFi,
    Cinematic,
}

/// Keywords per mood, checked in this order: genre words (lo-fi, cinematic) are more
/// specific than feelings, so they win when a prompt has both.
const MOOD_WORDS: &[(Mood, &[&str])] = &[
    (
        Mood::LoFi,
        &["lofi", "lo-fi", "chillhop", "nostalgic", "vinyl", "study"],
    ),
    (
        Mood::Cinematic,
        &[
            "cinematic",
            "epic",
            "dramatic",
            "trailer",
            "orchestral",
            "emotional",
            "inspiring",
            "heroic",
        ],
    ),
    (
        Mood::Luxurious,
        &[
            "luxurious",
            "luxury",
            "elegant",
            "premium",
            "sophisticated",
            "classy",
            "jazzy",
            "jazz",
            "smooth",
            "lounge",
        ],
    ),
    (
        Mood::Energetic,
        &[
            "energetic",
            "energy",
            "intense",
            "powerful",
            "hype",
            "workout",
            "sport",
            "sports",
            "driving",
            "edm",
            "dance",
            "fast",
            "action",
        ],
    ),
    (
        Mood::Calm,
        &[
            "calm",
            "relaxing",
            "relaxed",
            "peaceful",
            "soft",
            "gentle",
            "ambient",
            "chill",
            "serene",
            "soothing",
            "slow",
            "spa",
            "meditative",
            "dreamy",
        ],
    ),
    (
        Mood::Upbeat,
        &[
            "upbeat", "happy", "cheerful", "fun", "bright", "positive", "playful", "pop", "summer",
            "sunny",
        ],
    ),
];

pub(super) fn mood_of(prompt: &str) -> Mood {
    let lower = prompt.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !(c.is_alphanumeric() || c == '-'))
        .filter(|w| !w.is_empty())
        .collect();
    MOOD_WORDS
        .iter()
        .find(|(_, keys)| words.iter().any(|w| keys.contains(w)))
        .map_or(Mood::Upbeat, |&(mood, _)| mood)
}

/// "120 bpm" or "120bpm" in the prompt, if sensible.
pub(super) fn explicit_bpm(prompt: &str) -> Option<f32> {
    let lower = prompt.to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    words.iter().enumerate().find_map(|(i, w)| {
        let number = if let Some(n) = w.strip_suffix("bpm") {
            n
        } else if words.get(i + 1) == Some(&"bpm") {
            w
        } else {
            return None;
        };
        number
            .parse::<f32>()
            .ok()
            .filter(|bpm| (50.0..=200.0).contains(bpm))
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Drums {
    Shaker,
    Pop,
    FourOnTheFloor,
    Lounge,
    Dusty,
    Boom,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Voice {
    Pad,
    Strings,
    EPiano,
    Bell,
    Pluck,
    Saw,
}

/// Everything the arranger needs to know about a mood.
#[derive(Debug, Clone, Copy)]
pub(super) struct Style {
    pub bpm: f32,
    pub minor: bool,
    pub sevenths: bool,
    /// Chord progressions as scale degrees (0 = tonic); the seed picks one.
    pub progressions: &'static [[usize; 4]],
    pub drums: Drums,
    /// Bass notes on the sixteenth grid of a bar.
    pub bass_steps: &'static [usize],
    pub chords: Voice,
    pub lead: Option<Voice>,
    /// Lead notes per bar (rhythmic density).
    pub lead_density: usize,
    /// Delay of the off-beat eighths, as a fraction of an eighth.
    pub swing: f32,
    /// Low-pass over the whole mix (lo-fi's dull top end), in Hz.
    pub master_cutoff: Option<f32>,
    pub crackle: bool,
}

const MAJOR_PROGRESSIONS: &[[usize; 4]] = &[[0, 4, 5, 3], [0, 5, 3, 4], [5, 3, 0, 4], [0, 3, 4, 3]];
const MINOR_PROGRESSIONS: &[[usize; 4]] = &[[0, 5, 2, 6], [0, 3, 5, 4], [0, 5, 3, 4]];
const JAZZ_PROGRESSIONS: &[[usize; 4]] = &[[0, 5, 1, 4], [1, 4, 0, 5], [0, 3, 2, 5]];

pub(super) fn style(mood: Mood) -> Style {
    match mood {
        Mood::Calm => Style {
            bpm: 76.0,
            minor: false,
            sevenths: true,
            progressions: MAJOR_PROGRESSIONS,
            drums: Drums::Shaker,
            bass_steps: &[0],
            chords: Voice::Pad,
            lead: Some(Voice::Bell),
            lead_density: 2,
            swing: 0.0,
            master_cutoff: None,
            crackle: false,
        },
        Mood::Upbeat => Style {
            bpm: 118.0,
            minor: false,
            sevenths: false,
            progressions: MAJOR_PROGRESSIONS,
            drums: Drums::Pop,
            bass_steps: &[0, 6, 8, 14],
            chords: Voice::Pad,
            lead: Some(Voice::Pluck),
            lead_density: 6,
            swing: 0.0,
            master_cutoff: None,
            crackle: false,
        },
        Mood::Energetic => Style {
            bpm: 132.0,
            minor: true,
            sevenths: false,
            progressions: MINOR_PROGRESSIONS,
            drums: Drums::FourOnTheFloor,
            bass_steps: &[2, 6, 10, 14],
            chords: Voice::Saw,
            lead: Some(Voice::Pluck),
            lead_density: 16,
            swing: 0.0,
            master_cutoff: None,
            crackle: false,
        },
        Mood::Luxurious => Style {
            bpm: 92.0,
            minor: false,
            sevenths: true,
            progressions: JAZZ_PROGRESSIONS,
            drums: Drums::Lounge,
            bass_steps: &[0, 8, 14],
            chords: Voice::EPiano,
            lead: Some(Voice::Bell),
            lead_density: 3,
            swing: 0.25,
            master_cutoff: None,
            crackle: false,
        },
        Mood::LoFi => Style {
            bpm: 84.0,
            minor: false,
            sevenths: true,
            progressions: JAZZ_PROGRESSIONS,
            drums: Drums::Dusty,
            bass_steps: &[0, 7, 10],
            chords: Voice::EPiano,
            lead: Some(Voice::EPiano),
            lead_density: 3,
            swing: 0.35,
            master_cutoff: Some(3200.0),
            crackle: true,
        },
        Mood::Cinematic => Style {
            bpm: 80.0,
            minor: true,
            sevenths: false,
            progressions: MINOR_PROGRESSIONS,
            drums: Drums::Boom,
            bass_steps: &[0],
            chords: Voice::Strings,
            lead: Some(Voice::Bell),
            lead_density: 2,
            swing: 0.0,
            master_cutoff: None,
            crackle: false,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prompts_map_to_moods() {
        let cases = [
            ("upbeat summer promo", Mood::Upbeat),
            ("calm spa music", Mood::Calm),
            ("something luxurious and elegant", Mood::Luxurious),
            ("energetic workout track", Mood::Energetic),
            ("lo-fi beat", Mood::LoFi),
            ("chill lofi hip hop", Mood::LoFi),
            ("epic cinematic trailer", Mood::Cinematic),
            ("music for my shop", Mood::Upbeat),
        ];
        for (prompt, mood) in cases {
            assert_eq!(mood_of(prompt), mood, "{prompt}");
        }
    }

    #[test]
    fn an_explicit_tempo_is_read() {
        assert_eq!(explicit_bpm("calm 90 bpm"), Some(90.0));
        assert_eq!(explicit_bpm("fast 140bpm house"), Some(140.0));
        assert_eq!(explicit_bpm("900 bpm"), None);
        assert_eq!(explicit_bpm("calm"), None);
    }
}
