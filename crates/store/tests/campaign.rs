//! Campaigns and profiles side by side, per-game validation with named fields,
//! and export → import round trips; bad imports change nothing.

mod common;

use serde_json::{json, Value};
use tw_store::campaign::records::*;
use tw_store::campaign::NewCampaign;
use tw_store::exchange::{self, EXPORT_VERSION};
use tw_store::tally;
use tw_store::{CampaignRecord, GameSession, Provenance, Source, Store, StoreError};

/// The engines an import replays sessions through: the test game and every
/// registered one.
fn engines(name: &str) -> Option<Box<dyn tw_rules::DynGame>> {
    if name == "tally" {
        return Some(Box::new(tally::game()));
    }
    tw_session::registry::find(name)
}

fn players(names: &[&str]) -> Vec<String> {
    names.iter().map(|s| s.to_string()).collect()
}

fn silver_mine() -> SilverMine {
    SilverMine {
        stash: Stash {
            coins: 17,
            books: vec!["Trader".into(), "Healer".into()],
        },
        characters: vec![ItddCharacter {
            name: "Brann".into(),
            kind: "warrior".into(),
            player: Some("Ann".into()),
            titles: vec![Title::Vagabond, Title::Seeker],
            path: None,
            alive: true,
        }],
        active_quest: Some(Quest {
            name: "Rats in the cellar".into(),
            difficulty: QuestDifficulty::Medium,
            progress: 2,
            goal: 3,
        }),
        first_hero_reward_given: false,
    }
}

fn field_of(e: StoreError) -> String {
    match e {
        StoreError::Invalid { field, .. } => field,
        other => panic!("expected a validation error, got {other}"),
    }
}

/// Everything in the database, for "nothing changed" checks.
fn table_counts(store: &Store) -> Vec<i64> {
    let conn = rusqlite::Connection::open(store.path()).unwrap();
    [
        "profiles",
        "campaigns",
        "campaign_players",
        "sessions",
        "log_entries",
        "snapshots",
        "cards",
    ]
    .iter()
    .map(|t| {
        conn.query_row(&format!("SELECT count(*) FROM {t}"), [], |r| r.get(0))
            .unwrap()
    })
    .collect()
}

#[test]
fn several_campaigns_and_profiles_live_side_by_side() {
    let db = common::temp_db();
    let mut store = common::open(&db);
    let mut sm = NewCampaign::fresh("Silver evenings", "itdd", &players(&["Ann", "Bo"])).unwrap();
    sm.record = CampaignRecord::SilverMine(silver_mine());
    store.create_campaign(&sm).unwrap();
    let pdq =
        NewCampaign::fresh("Pocket", "pocket-dungeon-quest", &players(&["Bo", "Cy"])).unwrap();
    let pdq_id = store.create_campaign(&pdq).unwrap();
    store
        .create_campaign(&NewCampaign::fresh("Rolls", "dungeon-roll", &players(&["Ann"])).unwrap())
        .unwrap();

    assert_eq!(store.profiles().unwrap(), players(&["Ann", "Bo", "Cy"]));
    let list = store.campaigns().unwrap();
    let names: Vec<&str> = list.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, vec!["Pocket", "Rolls", "Silver evenings"]);
    assert_eq!(list[2].game, "silver-mine");

    let got = store.campaign("silver EVENINGS").unwrap();
    assert_eq!(got.record, CampaignRecord::SilverMine(silver_mine()));
    assert_eq!(got.players, players(&["Ann", "Bo"]));

    // A later evening: the heroes level up.
    let rec = CampaignRecord::PocketDungeonQuest(PocketDungeonQuest {
        heroes: vec![PdqHero {
            name: "Archer".into(),
            player: Some("Cy".into()),
            level: 1,
            xp: 2,
            keys: 1,
            gear: vec!["Archer Cap".into()],
        }],
    });
    store.save_record(pdq_id, &rec).unwrap();
    assert_eq!(store.campaign("Pocket").unwrap().record, rec);

    let dup = store
        .create_campaign(&NewCampaign::fresh("pocket", "green-dungeon", &[]).unwrap())
        .unwrap_err();
    assert!(matches!(dup, StoreError::CampaignExists(_)), "{dup}");
}

#[test]
fn silver_mine_rules_are_enforced_with_the_field_named() {
    let check = |f: &dyn Fn(&mut SilverMine)| {
        let mut r = silver_mine();
        f(&mut r);
        CampaignRecord::SilverMine(r).validate("record", &players(&["Ann"]))
    };
    assert!(check(&|_| {}).is_ok());
    let five = |r: &mut SilverMine| {
        r.stash.books = ["A", "B", "C", "D", "E"]
            .iter()
            .map(|s| s.to_string())
            .collect()
    };
    assert_eq!(field_of(check(&five).unwrap_err()), "record.stash.books");
    let dup = |r: &mut SilverMine| r.stash.books = vec!["Trader".into(), " trader".into()];
    assert_eq!(field_of(check(&dup).unwrap_err()), "record.stash.books[1]");
    let skip =
        |r: &mut SilverMine| r.characters[0].titles = vec![Title::Vagabond, Title::Pathfinder];
    let e = check(&skip).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("record.characters[0].titles[1]: Pathfinder cannot come before Seeker"),
        "{e}"
    );
    let stranger = |r: &mut SilverMine| r.characters[0].player = Some("Zed".into());
    assert_eq!(
        field_of(check(&stranger).unwrap_err()),
        "record.characters[0].player"
    );
    let overdone = |r: &mut SilverMine| r.active_quest.as_mut().unwrap().progress = 4;
    assert_eq!(
        field_of(check(&overdone).unwrap_err()),
        "record.active_quest.progress"
    );
}

#[test]
fn the_guide_cards_soldier_misprint_is_refused_with_the_rule() {
    let v = json!({"stash": {"coins": 0, "books": []}, "active_quest": null,
                   "characters": [{"name": "B", "kind": "rogue", "titles": ["vagabond", "soldier"], "alive": true}]});
    let e = CampaignRecord::from_json("silver-mine", &v, "record").unwrap_err();
    let msg = e.to_string();
    assert!(
        msg.starts_with("record.characters[0].titles[1]:") && msg.contains("Seeker"),
        "{msg}"
    );
}

#[test]
fn pocket_dungeon_quest_and_score_rules() {
    let hero = |level, gear: &[&str]| PdqHero {
        name: "Knight".into(),
        player: None,
        level,
        xp: 0,
        keys: 0,
        gear: gear.iter().map(|s| s.to_string()).collect(),
    };
    let v = |h| {
        CampaignRecord::PocketDungeonQuest(PocketDungeonQuest { heroes: vec![h] })
            .validate("record", &[])
    };
    assert!(v(hero(3, &["a", "b", "c"])).is_ok());
    assert_eq!(
        field_of(v(hero(4, &[])).unwrap_err()),
        "record.heroes[0].level"
    );
    assert_eq!(
        field_of(v(hero(1, &["a", "b", "c", "d"])).unwrap_err()),
        "record.heroes[0].gear"
    );
    let scores = CampaignRecord::GreenDungeon(ScoreBook {
        scores: vec![ScoreEntry {
            at_ms: 1,
            player: "Nobody".into(),
            score: 40,
            won: Some(true),
            notes: String::new(),
        }],
    });
    assert_eq!(
        field_of(scores.validate("record", &players(&["Ann"])).unwrap_err()),
        "record.scores[0].player"
    );
    let df = DungeonFighter {
        results: vec![
            FighterResult {
                at_ms: 1,
                heroes: vec!["Lady Mary".into()],
                difficulty: FighterDifficulty::Normal,
                won: false,
                score: 12,
                title: "Lame Ducks".into(),
                game: None,
            },
            FighterResult {
                at_ms: 2,
                heroes: vec![],
                difficulty: FighterDifficulty::Hard,
                won: true,
                score: 80,
                title: "Heroes".into(),
                game: Some(4),
            },
        ],
    };
    assert_eq!(df.title_history(), vec!["Lame Ducks", "Heroes"]);
    assert_eq!(
        field_of(
            CampaignRecord::DungeonFighter(df)
                .validate("record", &[])
                .unwrap_err()
        ),
        "record.results[1].heroes"
    );
}

/// A campaign with two sessions, one with an undo and a camera correction.
fn populated(store: &mut Store) {
    let mut c =
        NewCampaign::fresh("Silver evenings", "silver-mine", &players(&["Ann", "Bo"])).unwrap();
    c.notes = "Thursdays".into();
    c.record = CampaignRecord::SilverMine(silver_mine());
    let id = store.create_campaign(&c).unwrap();
    let game = tally::game();
    for round in 0..2 {
        let mut s =
            GameSession::start(store, &game, &json!({"start": round}), Some(id), 3).unwrap();
        for n in 1..=7 {
            let prov = Provenance {
                original_reading: None,
                image_path: Some(format!("shots/{round}-{n}.png")),
            };
            s.execute(store, &tally::add(n, 4), Source::Camera, prov)
                .unwrap();
        }
        s.undo(store).unwrap();
        s.correct(
            store,
            &tally::add(2, 0),
            json!({"faces": [6], "at": [120, 88]}),
            None,
        )
        .unwrap();
    }
}

/// An import keeps only snapshot paths inside the importing database's
/// data folder: `..` escapes and paths elsewhere on the machine are dropped,
/// so the window is never pointed at them.
#[test]
fn an_import_drops_snapshot_paths_outside_the_data_folder() {
    let db = common::temp_db();
    let mut store = common::open(&db);
    populated(&mut store);
    let mut doc = serde_json::to_value(store.export_campaign("Silver evenings").unwrap()).unwrap();

    let other = common::temp_db();
    let data = other.dir.path().canonicalize().unwrap();
    let inside_abs = data.join("snapshots/a.jpg").display().to_string();
    let paths = [
        ("../../../../etc/passwd", false),
        ("/etc/passwd", false),
        ("snapshots/../../x.jpg", false),
        ("", false),
        ("snapshots/b.jpg", true),
        (inside_abs.as_str(), true),
    ];
    let entries = doc["sessions"][0]["entries"].as_array_mut().unwrap();
    for (i, (p, _)) in paths.iter().enumerate() {
        entries[i]["image_path"] = json!(p);
    }
    let mut store2 = common::open(&other);
    let id = store2
        .import_campaign(&doc.to_string(), None, &engines)
        .unwrap();
    let session = store2.sessions(Some(id)).unwrap().pop().unwrap(); // oldest last
    let kept = store2.entries(session.id, 0, session.last_seq).unwrap();
    for (i, (p, keep)) in paths.iter().enumerate() {
        let want = keep.then(|| p.to_string());
        assert_eq!(kept[i].image_path, want, "entry {i}: {p:?}");
    }
}

fn without_export_time(mut v: Value) -> Value {
    v.as_object_mut().unwrap().remove("exported_at_ms");
    v
}

#[test]
fn export_then_import_round_trips_a_campaign_exactly() {
    let db = common::temp_db();
    let mut store = common::open(&db);
    populated(&mut store);
    let exported = store.export_campaign("Silver evenings").unwrap();
    assert_eq!(exported.version, EXPORT_VERSION);
    assert_eq!(exported.sessions.len(), 2);
    let text = serde_json::to_string_pretty(&exported).unwrap();

    let other = common::temp_db();
    let mut store2 = common::open(&other);
    let id = store2.import_campaign(&text, None, &engines).unwrap();
    let again = store2.export_campaign("Silver evenings").unwrap();
    assert_eq!(
        without_export_time(serde_json::to_value(&again).unwrap()),
        without_export_time(serde_json::to_value(&exported).unwrap())
    );
    // The imported sessions resume to the same state as the originals.
    let game = tally::game();
    let orig = store
        .sessions(Some(store.campaign("Silver evenings").unwrap().id))
        .unwrap();
    let copy = store2.sessions(Some(id)).unwrap();
    for (a, b) in orig.iter().zip(&copy) {
        let sa = GameSession::resume(&store, &game, a.id).unwrap();
        let sb = GameSession::resume(&store2, &game, b.id).unwrap();
        assert_eq!(sa.state(), sb.state());
        assert_eq!(sa.undo_target(), sb.undo_target());
    }
    // Importing beside the original under a new name works too.
    store
        .import_campaign(&text, Some("Silver, second table"), &engines)
        .unwrap();
    assert_eq!(store.campaigns().unwrap().len(), 2);
}

#[test]
fn the_card_library_travels_with_the_export_and_the_players_own_copy_wins() {
    let db = common::temp_db();
    let mut store = common::open(&db);
    populated(&mut store);
    store.save_card("silver-mine", "hall", &json!({"name": "Long Hall", "rows": ["..", "##"]})).unwrap();
    store.save_card("silver-mine", "gate", &json!({"name": "North Gate", "rows": ["G."]})).unwrap();
    store.save_card("dungeon-fighter", "monster", &json!({"name": "Cave Troll", "life": 7})).unwrap();
    let doc = serde_json::to_value(store.export_campaign("Silver evenings").unwrap()).unwrap();
    // Only the campaign's own game's cards go with it.
    assert_eq!(doc["cards"].as_array().unwrap().len(), 2, "{}", doc["cards"]);

    let other = common::temp_db();
    let mut store2 = common::open(&other);
    store2.save_card("silver-mine", "hall", &json!({"name": "Long Hall", "rows": ["...."]})).unwrap();
    store2.import_campaign(&doc.to_string(), None, &engines).unwrap();
    let halls = store2.cards("silver-mine", Some("hall")).unwrap();
    assert_eq!(halls.len(), 1);
    assert_eq!(halls[0].card["rows"], json!(["...."]), "the importing store's own copy is kept");
    assert_eq!(store2.cards("silver-mine", Some("gate")).unwrap()[0].card["rows"], json!(["G."]));
    assert!(store2.cards("dungeon-fighter", None).unwrap().is_empty());

    // A nameless card in the file is refused by its place, and nothing is written.
    let mut bad = doc.clone();
    bad["cards"][1]["card"] = json!({"rows": ["G."]});
    let third = common::temp_db();
    let mut store3 = common::open(&third);
    let before = table_counts(&store3);
    let e = store3.import_campaign(&bad.to_string(), None, &engines).unwrap_err();
    assert_eq!(field_of(e), "cards[1].card.name");
    assert_eq!(table_counts(&store3), before);
}

/// A way to spoil a good export.
type Breakage = Box<dyn Fn(&mut Value)>;

#[test]
fn bad_imports_name_the_field_and_change_nothing() {
    let db = common::temp_db();
    let mut store = common::open(&db);
    populated(&mut store);
    let good = serde_json::to_value(store.export_campaign("Silver evenings").unwrap()).unwrap();
    let before = table_counts(&store);

    let cases: Vec<(&str, Breakage)> = vec![
        // Issue 23, item 10: sessions are replayed through their engine.
        (
            "sessions[1].game",
            Box::new(|v| v["sessions"][1]["game"] = json!("chess")),
        ),
        (
            "sessions[0].entries[2].events",
            Box::new(|v| v["sessions"][0]["entries"][2]["command"]["amount"] = json!(5)),
        ),
        (
            "sessions[0].entries[0].events",
            Box::new(|v| v["sessions"][0]["entries"][0]["events"] = json!([])),
        ),
        (
            "sessions[0].entries[7].restore_state",
            Box::new(|v| {
                let setup = v["sessions"][0]["snapshots"][0]["state"].clone();
                v["sessions"][0]["entries"][7]["restore_state"] = setup;
            }),
        ),
        (
            "sessions[0].snapshots[1].state",
            Box::new(|v| {
                let setup = v["sessions"][0]["snapshots"][0]["state"].clone();
                v["sessions"][0]["snapshots"][1]["state"] = setup;
            }),
        ),
        (
            "sessions[0].setup",
            Box::new(|v| v["sessions"][0]["setup"] = json!("not a setup")),
        ),
        (
            "version",
            Box::new(|v| v["version"] = json!(EXPORT_VERSION + 1)),
        ),
        (
            "version",
            Box::new(|v| {
                v.as_object_mut().unwrap().remove("version");
            }),
        ),
        (
            "format",
            Box::new(|v| v["format"] = json!("something-else")),
        ),
        (
            "campaign.game",
            Box::new(|v| v["campaign"]["game"] = json!("chess")),
        ),
        (
            "campaign.players",
            Box::new(|v| {
                v["campaign"].as_object_mut().unwrap().remove("players");
            }),
        ),
        (
            "campaign.record.stash",
            Box::new(|v| {
                v["campaign"]["record"]["stash"]
                    .as_object_mut()
                    .unwrap()
                    .remove("coins");
            }),
        ),
        (
            "campaign.record.stash.books",
            Box::new(|v| {
                v["campaign"]["record"]["stash"]["books"] = json!(["a", "b", "c", "d", "e"])
            }),
        ),
        (
            "campaign.record.characters[0].player",
            Box::new(|v| v["campaign"]["record"]["characters"][0]["player"] = json!("Zed")),
        ),
        (
            "sessions[1].entries[3].seq",
            Box::new(|v| v["sessions"][1]["entries"][3]["seq"] = json!(9)),
        ),
        (
            "sessions[0].entries[8].reverts_seq",
            Box::new(|v| v["sessions"][0]["entries"][8]["reverts_seq"] = json!(2)),
        ),
        (
            "sessions[0].snapshots",
            Box::new(|v| {
                v["sessions"][0]["snapshots"]
                    .as_array_mut()
                    .unwrap()
                    .remove(0);
            }),
        ),
        (
            "sessions[0].entries[0]",
            Box::new(|v| {
                v["sessions"][0]["entries"][0]
                    .as_object_mut()
                    .unwrap()
                    .remove("source");
            }),
        ),
    ];
    for (field, break_it) in &cases {
        let mut doc = good.clone();
        break_it(&mut doc);
        // Import under a fresh name so that only the breakage can fail it.
        let err = store
            .import_campaign(&doc.to_string(), Some("Imported"), &engines)
            .unwrap_err();
        match &err {
            StoreError::Invalid { field: got, .. } => {
                assert!(got.starts_with(field), "wanted {field}, got {err}")
            }
            other => panic!("{field}: expected a field error, got {other}"),
        }
        assert_eq!(table_counts(&store), before, "{field}: nothing may change");
    }
    // Not JSON at all, and a name clash.
    assert_eq!(
        field_of(store.import_campaign("{not json", None, &engines).unwrap_err()),
        "(file)"
    );
    assert!(matches!(
        store.import_campaign(&good.to_string(), None, &engines),
        Err(StoreError::CampaignExists(_))
    ));
    assert_eq!(table_counts(&store), before);
    drop(store);
    // Reopening checkpoints the WAL; the campaign is exactly what it was.
    let store = common::open(&db);
    assert_eq!(
        without_export_time(
            serde_json::to_value(store.export_campaign("Silver evenings").unwrap()).unwrap()
        ),
        without_export_time(good)
    );
}

#[test]
fn the_export_envelope_is_checked_before_the_body() {
    let e = exchange::parse_export(
        r#"{"format": "table-warden-campaign", "version": 7, "campaign": 3}"#,
    )
    .unwrap_err();
    let msg = e.to_string();
    assert!(
        msg.starts_with("version:") && msg.contains("newer"),
        "{msg}"
    );
}
