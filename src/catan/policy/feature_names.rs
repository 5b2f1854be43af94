//! The names of the `learned` player's features, by decision type and feature version.

/// Set-up features of version 1 (the first `SETUP_V1` names of the set-up list).
pub(super) const SETUP_V1: usize = 21;

/// Set-up features of versions 2 and 3.
pub(super) const SETUP_V3: usize = 23;

/// Soldier features of versions 1 and 2 (the first `SOLDIER_V2` names of the soldier list).
pub(super) const SOLDIER_V2: usize = 22;

/// Each type's features of version 4 (before the rules were read).
pub(super) const SETUP_V4: usize = 26;
pub(super) const SOLDIER_V4: usize = 26;
pub(super) const FLIP_V4: usize = 14;
pub(super) const BUILD_V4: usize = 30;

/// The rules as version 5 reads them, the last names of every type's list, in this order: the
/// same for every candidate of a decision. All 0 outside Robert the Robber but for the player
/// count, the VP target and the hand limit.
pub const CONTEXT: [&str; 13] = [
    "rules_two",           // 2 players
    "rules_four",          // 4 players
    "rules_cards",         // starting development cards / 6
    "rules_rest_rate",     // share of player-turns Robert rests (1 / robert_skip; 0: never)
    "rules_soldier_flips", // tokens a soldier flips up / 4
    "rules_seven_flips",   // tokens a seven flips up / 4
    "rules_hand_limit",    // a seven's hand limit / 12
    "rules_vp_to_win",     // VP each player needs / 12
    "rules_keep_back",     // knights the army holder keeps out of a reshuffle / 12
    "rules_global",        // robert_target global
    "rules_city_weight",   // a city counts twice for Robert
    "rules_monopoly_take", // monopoly takes cards (flips no token)
    "rules_knights_count", // reshuffled knights still count toward the army
];

/// Set-up settlement on corner `c`.
pub(super) const SETUP: &[&str] = &[
    "is_base",         // the base policy's own choice
    "score",           // greedy's set-up corner score / 10
    "pips",            // pips of the producing hexes / 10
    "max_pips",        // pips of the best hex / 5
    "red_hexes",       // hexes with 5 pips (6 and 8) / 3
    "resources",       // distinct resources / 3
    "new_resources",   // resources the player does not produce yet / 3
    "untouched_hexes", // producing hexes no building touches yet / 3
    "same_numbers",    // hexes whose number the player already produces from / 3
    "generic_harbor",  // on a 3:1 harbor
    "special_harbor",  // on a 2:1 harbor
    "ore_grain",       // pips on ore and grain / 10
    "brick_lumber",    // pips on brick and lumber / 10
    "wool",            // pips on wool / 10
    "neighbours",      // buildings already on the corner's hexes / 3
    "second_pips",     // second set-up round x pips / 10
    "four_pips",       // 4 players x pips / 10
    "cards_pips",      // starting cards / 3 x pips / 10
    "rank",            // place among the candidates by greedy's score / 8 (0 best)
    "desert",          // touches the desert (or a hex without a token)
    "robber_reach",    // pips on hexes next to the robber's (Robert's) hex / 10
    // Version 2: room to grow.
    "room",      // free sites two roads away once the corner is settled / 6
    "room_pips", // pips of the best of those sites / 13
    // Version 4: Robert's walk (`robert_walk`; all 0 outside Robert the Robber).
    "walk_pips", // pips x the step of Robert's walk that flips the hex / face-up tokens / 10
    "first_pips", // pips on the hexes his walk flips in the next round of player-turns / 10
    "walk_first", // the first step that flips one of the corner's hexes / face-up tokens (none: 1)
    // Version 5: the rules (CONTEXT last).
    "two_pips", // 2 players x pips / 10
    "rules_two",
    "rules_four",
    "rules_cards",
    "rules_rest_rate",
    "rules_soldier_flips",
    "rules_seven_flips",
    "rules_hand_limit",
    "rules_vp_to_win",
    "rules_keep_back",
    "rules_global",
    "rules_city_weight",
    "rules_monopoly_take",
    "rules_knights_count",
];

/// Acting (a soldier, a knight, cancelling a seven) against not acting: every feature but
/// `is_base` is 0 for the candidate that does not act.
pub(super) const SOLDIER: &[&str] = &[
    "is_base",
    "act",                 // 1 for the acting candidate
    "act_flip_value",      // team value of the two best tokens a soldier flips back / 20
    "act_face_down",       // tokens face down / 10
    "act_face_up",         // producing tokens face up / 18
    "act_knights",         // knights the player holds / 3
    "act_team_knights",    // knights the whole team holds / 6
    "act_wins_army",       // this knight takes largest army
    "act_vp",              // the player's VP / target
    "act_min_vp",          // the team's fewest VP / target
    "act_deck_knights",    // knights left in the deck / 14
    "act_turn",            // player-turn / 100 (at most 3)
    "act_four",            // 4 players
    "act_cards",           // starting cards / 3
    "act_robert_stake",    // team value of Robert's next target / 10
    "act_robert_rests",    // Robert rests this turn (the other candidate is a plain roll)
    "act_hand",            // cards in hand / 10
    "act_robber_desert",   // Solitaire: the robber is in the desert
    "act_destroyed",       // Solitaire: destroyed tiles / 5
    "act_other_cards",     // development cards held other than knights and VP / 3
    "act_vp_cards",        // VP cards held / 3
    "act_four_flip_value", // 4 players x act_flip_value
    // Version 3: Robert's rhythm (`robert_skip`), 0 where he never rests.
    "act_rest_rate",       // share of player-turns Robert rests (1 / robert_skip)
    "act_rests_next",      // Robert rests on the next player-turn
    "act_rest_flip_value", // act_rest_rate x act_flip_value
    "act_rest_face_down",  // act_rest_rate x act_face_down
    // Version 5: the rules (CONTEXT last).
    "act_two",           // act x 2 players
    "act_soldier_flips", // act x tokens a soldier flips up / 4
    "rules_two",
    "rules_four",
    "rules_cards",
    "rules_rest_rate",
    "rules_soldier_flips",
    "rules_seven_flips",
    "rules_hand_limit",
    "rules_vp_to_win",
    "rules_keep_back",
    "rules_global",
    "rules_city_weight",
    "rules_monopoly_take",
    "rules_knights_count",
];

/// Flipping hex `h` back face up.
pub(super) const FLIP: &[&str] = &[
    "is_base",
    "team_value",     // pips x buildings (city 2) / 10
    "pips",           // / 5
    "buildings",      // buildings on the hex (city 2) / 3
    "laggard_value",  // pips x buildings x VP their owners lack / 50
    "robert_next",    // next to Robert with at least the pips of his other face-up choices
    "next_to_robert", // next to Robert's hex
    "scarcity",       // the team's live production of the hex's resource / 20
    "ore_grain",      // produces ore or grain
    "brick_lumber",   // produces brick or lumber
    "own",            // the current player's buildings on it / 3
    "rank",           // place among the candidates by team value / 8 (0 best)
    "four_pips",      // 4 players x pips / 5
    "cards_value",    // starting cards / 3 x team_value
    // Version 5: the rules (CONTEXT last).
    "two_value", // 2 players x team_value
    "rules_two",
    "rules_four",
    "rules_cards",
    "rules_rest_rate",
    "rules_soldier_flips",
    "rules_seven_flips",
    "rules_hand_limit",
    "rules_vp_to_win",
    "rules_keep_back",
    "rules_global",
    "rules_city_weight",
    "rules_monopoly_take",
    "rules_knights_count",
];

/// A main-phase build (end turn is the reference: its kind features are 0).
pub(super) const BUILD: &[&str] = &[
    "is_base",
    "city",
    "settlement",
    "dev",
    "road",             // only as the base policy's own choice
    "city_gain",        // city x live pips of the corner / 10
    "settlement_score", // settlement x greedy's corner score / 10
    "city_vp",          // city x the player's VP / target
    "settlement_vp",    // settlement x the player's VP / target
    "dev_vp",           // dev x the player's VP / target
    "dev_at_target",    // dev x the player has reached the VP target
    "build_at_target",  // city or settlement x the player has reached the target
    "dev_face_down",    // dev x tokens face down / 10
    "dev_face_up",      // dev x producing tokens face up / 18
    "dev_knight_share", // dev x knights / cards in the deck
    "dev_vp_share",     // dev x VP cards / cards in the deck
    "city_four",        // city x 4 players
    "settlement_four",  // settlement x 4 players
    "dev_four",         // dev x 4 players
    "city_cards",       // city x starting cards / 3
    "settlement_cards", // settlement x starting cards / 3
    "dev_cards",        // dev x starting cards / 3
    "city_turn",        // city x player-turn / 100
    "settlement_turn",  // settlement x player-turn / 100
    "dev_turn",         // dev x player-turn / 100
    "vp_build_laggard", // city or settlement x the player is the team's slowest
    "vp_build_lead",    // city or settlement x (VP - team's fewest VP) / target
    "hand_after",       // cards in hand after paying / 10
    "over_limit_after", // more cards than the seven's hand limit after paying
    "dev_destroyed",    // Solitaire: dev x destroyed tiles / 5
    // Version 5: the rules (CONTEXT last).
    "city_two",          // city x 2 players
    "settlement_two",    // settlement x 2 players
    "dev_two",           // dev x 2 players
    "dev_soldier_flips", // dev x tokens a soldier flips up / 4
    "dev_rest_rate",     // dev x share of player-turns Robert rests
    "rules_two",
    "rules_four",
    "rules_cards",
    "rules_rest_rate",
    "rules_soldier_flips",
    "rules_seven_flips",
    "rules_hand_limit",
    "rules_vp_to_win",
    "rules_keep_back",
    "rules_global",
    "rules_city_weight",
    "rules_monopoly_take",
    "rules_knights_count",
];
