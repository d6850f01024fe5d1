//! Takes the keyword alternatives that build.rs reads (`seating clockwise`, `tie nobody`, ...) and
//! gives one enum per choice, declared once with its words by `words!`, so that a word is turned
//! into a model value by an exhaustive match instead of a string compare with a silent default.
//! A test checks every word here against the grammar's keyword list: a renamed keyword fails it.

/// A closed set of keywords that may stand at one place of a statement.
pub(in crate::model) trait Words: Sized + Copy + 'static {
    /// The enum's name, for the internal diagnostic when the grammar and this list disagree.
    const WHAT: &'static str;
    /// Every word, in declaration order.
    const WORDS: &'static [&'static str];
    fn from_word(word: &str) -> Option<Self>;
    fn word(self) -> &'static str;
}

/// Declares keyword enums: `words! { enum Seating { Clockwise = "clockwise", ... } }` gives the
/// enum, its `Words` impl, and `EVERY_ENUM` listing every enum's words for the drift test.
macro_rules! words {
    ($( $(#[$meta:meta])* enum $name:ident { $($variant:ident = $word:literal),+ $(,)? } )+) => {
        $(
            $(#[$meta])*
            #[derive(Debug, Clone, Copy, PartialEq, Eq)]
            pub(in crate::model) enum $name { $($variant),+ }

            impl Words for $name {
                const WHAT: &'static str = stringify!($name);
                const WORDS: &'static [&'static str] = &[$($word),+];
                fn from_word(word: &str) -> Option<Self> {
                    match word {
                        $($word => Some(Self::$variant),)+
                        _ => None,
                    }
                }
                fn word(self) -> &'static str {
                    match self {
                        $(Self::$variant => $word),+
                    }
                }
            }
        )+

        /// Every enum declared here with its words, for the test against the grammar.
        #[cfg(test)]
        pub(in crate::model) const EVERY_ENUM: &[(&str, &[&str])] =
            &[$((stringify!($name), <$name as Words>::WORDS)),+];
    };
}

words! {
    /// Optional words whose presence (or presence at one place) is what a statement says.
    enum Flag {
        All = "all",
        Any = "any",
        Always = "always",
        AloneIfOwn = "alone-if-own",
        Each = "each",
        Escalate = "escalate",
        EverySuit = "every-suit",
        Exchanged = "exchanged",
        CountsWithATrick = "counts-with-a-trick",
        Declarer = "declarer",
        FaceUp = "face-up",
        ForcedLast = "forced-last",
        Hand = "hand",
        Hidden = "hidden",
        HoldByPriority = "hold-by-priority",
        IfDeclarerWonBefore = "if-declarer-won-before",
        Holds = "holds",
        LastNotTotal = "last-not-total",
        NoIndicator = "no-indicator",
        NoTrumps = "no-trumps",
        None = "none",
        OrNone = "or-none",
        Overtrump = "overtrump",
        SameRound = "same-round",
        SingleStep = "single-step",
        TiesBySuit = "ties-by-suit",
        TrumpLead = "trump-lead",
        TrumpWhenVoid = "trump-when-void",
        Trumps = "trumps",
        UntilPass = "until-pass",
        UpTo = "up-to",
        WithFigures = "with-figures",
    }
    /// `seating ...`.
    enum Seating { CounterClockwise = "counter-clockwise", Clockwise = "clockwise" }
    /// The stages of `stages ...`.
    enum HandStage {
        FrontRound = "front-round", Pickup = "pickup", Switch = "switch", Exchange = "exchange",
        TalonDraw = "talon-draw", NameTrumps = "name-trumps", PartnerCall = "partner-call",
        BackRound = "back-round", Tricks = "tricks"
    }
    /// `trumps ...` in a contract.
    enum Trumps { Bid = "bid", None = "none", Fixed = "fixed", Chosen = "chosen", CalledSuit = "called-suit" }
    /// `discards ...`.
    enum Discards { FaceUp = "face-up", FaceDown = "face-down" }
    /// `discard-points ...`.
    /// How a marriage of every suit is declared (`marriage ... declare HOW`).
    enum MarriageDeclareWord { Announced = "announced", Shown = "shown", ByLead = "by-lead" }

    enum DiscardPointsTo { Declarer = "declarer", Opponents = "opponents" }
    /// `first-lead ...`.
    enum FirstLead {
        Forehand = "forehand",
        DeclarerLeft = "declarer-left",
        DeclarerRight = "declarer-right",
        Declarer = "declarer",
        NonDealer = "non-dealer",
    }
    /// `win ...` without a condition.
    enum WinShape { MoreThanEach = "more-than-each", NoTricks = "no-tricks", MostTricks = "most-tricks", MostCardPoints = "most-card-points" }
    /// What `win more-than-each` counts.
    enum WinPoints { CardPointsMelds = "card-points+melds", CardPoints = "card-points" }
    /// The end of `overtricks above N ...`.
    enum OvertrickValue { Half = "half", Each = "each" }
    /// `tie ...`.
    enum Tie { DeclarerLoses = "declarer-loses", MostPayFewer = "most-pay-fewer", MostPay = "most-pay", Nobody = "nobody" }
    /// `announcements ...`.
    enum Announcements { None = "none", GameOnly = "game-only" }
    /// The shape word of a bidding `round N ...` row.
    enum RoundShape {
        AcceptIndicator = "accept-indicator",
        Ascending = "ascending",
        FirstClaim = "first-claim",
        EachBids = "each-bids",
        HighestBids = "highest-bids",
    }
    /// `contract-choice ...`.
    enum ContractChoice { AtLeastBid = "at-least-bid", Bid = "bid" }
    /// `forced-bid ...`.
    enum ForcedBid { Any = "any", Lowest = "lowest" }
    /// `front-round ...`.
    enum FrontRound { DeclarerFirst = "declarer-first", None = "none" }
    /// `back-round ...`.
    enum BackRound { WithFirstTrick = "with-first-trick", BeforeFirstLead = "before-first-lead" }
    /// `end ...` of the announcing rounds.
    enum RoundEnd { TwoPasses = "two-passes", AllSpokeThenTwoPasses = "all-spoke-then-two-passes", WithFirstTrick = "with-first-trick" }
    /// `sequence-ties ...`.
    enum SequenceTies { TrumpElseVoid = "trump-else-void", SuitRank = "suit-rank" }
    /// `sequence-scoring ...`.
    enum SequenceScoring { AllOfWinner = "all-of-winner", OnePerLength = "one-per-length" }
    /// The parts after a figure's `value N`.
    enum FigureValuePart { Front = "front", Back = "back", NoTrumps = "no-trumps" }
    /// `fulfil ...`.
    enum Fulfil { Announcer = "announcer", Side = "side" }
    /// `effect ...`.
    enum Effect { MultiplyGame = "multiply-game", Item = "item" }
    /// `announce-by ...`.
    enum AnnounceBy { Declarer = "declarer", Anyone = "anyone" }
    /// `announce-turn ...`.
    enum AnnounceTurn { First = "first", Any = "any" }
    /// `same-round ...` of a figure ladder.
    enum SameRound { Forbidden = "forbidden", Allowed = "allowed" }
    /// `scope ...` of a calling.
    enum CallScope { Off = "off", Game = "game", AnyFigure = "any-figure" }
    /// `figure-calls ...`.
    enum FigureCalls { OwnSide = "own-side", AnySide = "any-side" }
    /// `settle ...` of a figure.
    enum Settle { Side = "side", Each = "each" }
    /// `unannounced N unless-announced-by ...`.
    enum UnlessAnnouncedBy { OwnSide = "own-side", AnySide = "any-side" }
    /// `call-round ...`.
    enum CallRound { Once = "once", Reopens = "reopens" }
    /// `game-given-up ...`.
    enum GameGivenUp { EndsHand = "ends-hand", PlaysOn = "plays-on" }
    /// `call-back ...`.
    enum CallBack { On = "on", Off = "off" }
    /// `fallback-when ...`.
    enum FallbackWhen { Indicator = "indicator", FaceUp = "face-up" }
    /// The kinds of `take ...`.
    enum Take { TopCard = "top-card", TopChain = "top-chain", BottomChain = "bottom-chain", WholeTalon = "whole-talon" }
    /// `discard ...` of an exchange.
    enum Discard { NoTrumps = "no-trumps", Any = "any" }
    /// `payments ...`.
    enum Payments { DeclarerVsEach = "declarer-vs-each", SideVsSide = "side-vs-side", Pairwise = "pairwise" }
    /// `sitting-out ...`.
    enum SittingOut { WithOpponents = "with-opponents", Nothing = "nothing" }
    /// `paper ...`.
    enum Paper { Positive = "positive", PlusMinus = "plus-minus" }
    enum SessionEnds { WhenOneCannotPay = "when-one-cannot-pay", ByAgreement = "by-agreement" }

    enum ClaimKind { Claim = "claim", Concede = "concede" }

    enum ConcededTo {
        OpponentWithTricks = "opponent-with-tricks",
        DeclarerLeft = "declarer-left",
        DeclarerRight = "declarer-right",
    }

    enum ConcessionDisputed { Stands = "stands", AsPlayed = "as-played" }
    /// `concession-confirmed ...`.
    enum ConcessionConfirmed { ConcededTo = "conceded-to", AsPlayed = "as-played" }
    /// `claim-trumps ...`.
    enum ClaimTrumps { IfOut = "if-out", Always = "always" }
    /// `sides ...`.
    enum Sides {
        DeclarerVsEach = "declarer-vs-each",
        DeclarerVsDefence = "declarer-vs-defence",
        CalledCard = "called-card",
        TrickWinner = "trick-winner",
        Fixed = "fixed",
    }
    /// The suit part of a card reference that is not a suit of the deck.
    enum SuitWord { Trump = "trump", Any = "any" }
}

impl HandStage {
    /// The model's stage of the word.
    pub(in crate::model) fn stage(self) -> crate::model::HandStage {
        use crate::model::HandStage as S;
        match self {
            HandStage::FrontRound => S::FrontRound,
            HandStage::Pickup => S::Pickup,
            HandStage::Switch => S::Switch,
            HandStage::Exchange => S::Exchange,
            HandStage::TalonDraw => S::TalonDraw,
            HandStage::NameTrumps => S::NameTrumps,
            HandStage::PartnerCall => S::PartnerCall,
            HandStage::BackRound => S::BackRound,
            HandStage::Tricks => S::Tricks,
        }
    }

    /// The word of the model's stage.
    pub(in crate::model) fn word_of(stage: crate::model::HandStage) -> &'static str {
        use crate::model::HandStage as S;
        match stage {
            S::FrontRound => HandStage::FrontRound.word(),
            S::Pickup => HandStage::Pickup.word(),
            S::Switch => HandStage::Switch.word(),
            S::Exchange => HandStage::Exchange.word(),
            S::TalonDraw => HandStage::TalonDraw.word(),
            S::NameTrumps => HandStage::NameTrumps.word(),
            S::PartnerCall => HandStage::PartnerCall.word(),
            S::BackRound => HandStage::BackRound.word(),
            S::Tricks => HandStage::Tricks.word(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every word of every enum is a keyword of the grammar, and each enum's words are distinct.
    #[test]
    fn every_word_is_a_grammar_keyword() {
        for (name, words) in EVERY_ENUM {
            for (i, word) in words.iter().enumerate() {
                assert!(
                    crate::syntax::keywords::KEYWORDS.iter().any(|(_, k)| k == word),
                    "`{word}` of {name} is not a keyword of grammar/kartya.pest"
                );
                assert!(!words[..i].contains(word), "`{word}` twice in {name}");
            }
        }
    }

    #[test]
    fn words_round_trip() {
        assert_eq!(Seating::from_word("clockwise"), Some(Seating::Clockwise));
        assert_eq!(Seating::Clockwise.word(), "clockwise");
        assert_eq!(Seating::from_word("widdershins"), None);
        for word in Sides::WORDS {
            assert_eq!(Sides::from_word(word).map(Sides::word), Some(*word));
        }
    }
}
