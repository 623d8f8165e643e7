//! The platform's pieces on their own, without the application: the web app's policy, the
//! request's language and time zone, the statements the resource layer builds, the form checks,
//! workbooks, secrets, configuration and signatures.

mod http {
    mod web {
        use logistics_server::platform::http::web::{base64, policy_for};

        #[test]
        fn base64_as_csp_wants_it() {
            assert_eq!(base64(b""), "");
            assert_eq!(base64(b"f"), "Zg==");
            assert_eq!(base64(b"fo"), "Zm8=");
            assert_eq!(base64(b"foo"), "Zm9v");
            assert_eq!(base64(b"foobar"), "Zm9vYmFy");
        }

        #[test]
        fn inline_scripts_are_allowed_by_their_hash_only() {
            let html = b"<head><script type=\"module\" src=\"/assets/a.js\"></script><script>alert(1)</script></head>";
            let policy = policy_for(html).unwrap();
            let policy = policy.to_str().unwrap();
            // sha256("alert(1)"), base64
            assert!(
                policy.contains("script-src 'self' 'wasm-unsafe-eval' 'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"),
                "{policy}"
            );
            assert!(!policy.contains("unsafe-inline' 'sha") && policy.matches("sha256-").count() == 1, "{policy}");
        }
    }

    mod lang {
        use axum::http::header::{ACCEPT_LANGUAGE, COOKIE};
        use axum::http::{HeaderMap, HeaderValue};
        use logistics_core::Lang;
        use logistics_server::platform::http::lang::from_headers;

        #[test]
        fn cookie_beats_accept_language() {
            let mut headers = HeaderMap::new();
            headers.insert(ACCEPT_LANGUAGE, HeaderValue::from_static("en-US,en;q=0.9"));
            headers.insert(COOKIE, HeaderValue::from_static("a=1; client_lang=zh-CN; b=2"));
            assert_eq!(from_headers(&headers), Lang::ZhCn);
            headers.remove(COOKIE);
            assert_eq!(from_headers(&headers), Lang::EnUs);
            headers.insert(ACCEPT_LANGUAGE, HeaderValue::from_static("zh-TW,zh;q=0.9"));
            assert_eq!(from_headers(&headers), Lang::ZhCn);
            assert_eq!(from_headers(&HeaderMap::new()), Lang::EnUs);
        }
    }

    mod time {
        use axum::http::{HeaderMap, HeaderValue};
        use chrono::{NaiveDate, NaiveDateTime};
        use chrono_tz::Tz;
        use logistics_server::platform::http::time::{
            DateTime, ZONE_HEADER, iso, iso_opt, local, local_text, parse_instant, scope, zone_from_headers,
        };

        fn at(y: i32, m: u32, d: u32, h: u32, mi: u32, s: u32) -> NaiveDateTime {
            NaiveDate::from_ymd_opt(y, m, d).and_then(|day| day.and_hms_opt(h, mi, s)).expect("a real time")
        }

        #[test]
        fn speaks_iso_utc() {
            assert_eq!(iso(at(2026, 11, 24, 9, 5, 7)), "2026-11-24T09:05:07Z");
            assert_eq!(iso_opt(None), None);
            let record = serde_json::json!({"at": DateTime(at(2026, 11, 24, 9, 5, 7)), "none": None::<DateTime>});
            assert_eq!(record, serde_json::json!({"at": "2026-11-24T09:05:07Z", "none": null}));
        }

        #[test]
        fn reads_offsets_and_plain_times_as_utc() {
            let t = at(2026, 11, 24, 1, 30, 0);
            assert_eq!(parse_instant("2026-11-24T01:30:00Z"), Some(t));
            assert_eq!(parse_instant("2026-11-24T09:30:00+08:00"), Some(t));
            assert_eq!(parse_instant("2026-11-24 01:30:00"), Some(t));
            assert_eq!(parse_instant(" 2026-11-24T01:30 "), Some(t));
            assert_eq!(parse_instant("2026-11-24T01:30:00.000Z"), Some(t));
            assert_eq!(parse_instant("2026-11-24"), None);
            assert_eq!(parse_instant("24/11/2026 01:30"), None);
            assert_eq!(parse_instant("2026-02-30T01:30:00Z"), None);
        }

        #[tokio::test]
        async fn local_times_follow_the_named_zone_and_its_daylight_saving() {
            let mut headers = HeaderMap::new();
            assert_eq!(zone_from_headers(&headers), Tz::UTC);
            headers.insert(ZONE_HEADER, HeaderValue::from_static("Mars/Olympus"));
            assert_eq!(zone_from_headers(&headers), Tz::UTC);
            headers.insert(ZONE_HEADER, HeaderValue::from_static("America/New_York"));
            let zone = zone_from_headers(&headers);
            let (winter, summer) =
                scope(zone, async { (local(at(2026, 1, 15, 12, 0, 0)), local(at(2026, 7, 15, 12, 0, 0))) }).await;
            assert_eq!(winter, "2026-01-15 07:00:00");
            assert_eq!(summer, "2026-07-15 08:00:00");
            let shanghai = scope(chrono_tz::Asia::Shanghai, async { local_text("2026-11-24T16:00:00Z") }).await;
            assert_eq!(shanghai, "2026-11-25 00:00:00");
            assert_eq!(local(at(2026, 1, 1, 0, 0, 0)), "2026-01-01 00:00:00");
        }
    }
}

mod resource {
    use logistics_server::platform::resource::first_part;

    #[test]
    fn the_tag_is_the_permissions_first_part() {
        assert_eq!(first_part("system:dict:item"), "system");
        assert_eq!(first_part("logistics:supplier"), "logistics");
        assert_eq!(first_part("plain"), "plain");
    }

    mod sql {
        use diesel::query_builder::QueryFragment;
        use logistics_server::platform::resource::sql::{Bound, CACHED_LIST, Sql, Value};

        fn text(shown: String) -> String {
            shown.split(" -- binds: ").next().unwrap_or_default().to_owned()
        }

        fn cached<DB>(sql: &Sql) -> bool
        where
            for<'a> Bound<'a>: QueryFragment<DB>,
            DB: diesel::backend::Backend + Default,
        {
            sql.query().is_safe_to_cache_prepared(&DB::default()).unwrap_or(false)
        }

        #[test]
        fn placeholders_follow_the_backend() {
            let mut sql = Sql::new("SELECT * FROM t WHERE a = ");
            sql.bind("x").push(" AND b IN ").bind_list([Value::Small(1), Value::Small(2)]);
            let sqlite = diesel::debug_query::<diesel::sqlite::Sqlite, _>(&sql.query()).to_string();
            assert_eq!(text(sqlite), "SELECT * FROM t WHERE a = ? AND b IN (?, ?)");
            let pg = diesel::debug_query::<diesel::pg::Pg, _>(&sql.query()).to_string();
            assert_eq!(text(pg), "SELECT * FROM t WHERE a = $1 AND b IN ($2, $3)");
            assert_eq!(sql.binds.len(), 3);
        }

        #[test]
        fn a_statement_is_kept_prepared_unless_its_texts_are_unbounded() {
            let mut short = Sql::new("DELETE FROM t WHERE id IN ");
            short.bind_list((0..CACHED_LIST).map(|i| Value::Int(i32::try_from(i).unwrap_or_default())));
            assert!(cached::<diesel::sqlite::Sqlite>(&short) && cached::<diesel::pg::Pg>(&short));
            let mut long = Sql::new("DELETE FROM t WHERE id IN ");
            long.bind_list((0..=CACHED_LIST).map(|i| Value::Int(i32::try_from(i).unwrap_or_default())));
            assert!(!cached::<diesel::sqlite::Sqlite>(&long) && !cached::<diesel::pg::Pg>(&long));
            // A row's width comes from a declaration: any width is kept.
            let mut row = Sql::new("INSERT INTO t (a, b, c, d, e, f) VALUES ");
            row.bind_row((0..6).map(Value::Int));
            assert!(cached::<diesel::sqlite::Sqlite>(&row));
            // Appending a varying part makes the whole statement varying.
            let mut whole = Sql::new("SELECT 1 WHERE 1 = 1");
            whole.append(long);
            assert!(!cached::<diesel::sqlite::Sqlite>(&whole));
        }
    }

    mod form {
        use logistics_core::{FieldError, MessageKey};
        use logistics_server::platform::resource::form::{code, one_of, optional, required, status};

        #[test]
        fn one_line_checks() {
            assert_eq!(status("status", None).ok(), Some(1));
            assert_eq!(status("status", Some(0)).ok(), Some(0));
            assert_eq!(status("status", Some(7)).map_err(|e| e.error.field), Err("status".to_owned()));
            let colors = ["red", "blue"];
            assert_eq!(one_of("color", MessageKey::FieldColor, &Some(" red ".into()), &colors).ok(), Some(Some("red".into())));
            assert_eq!(one_of("color", MessageKey::FieldColor, &Some("  ".into()), &colors).ok(), Some(None));
            assert!(one_of("color", MessageKey::FieldColor, &Some("pink".into()), &colors).is_err());
            assert_eq!(optional("remark", MessageKey::FieldDescription, &Some(" a ".into()), 1).ok(), Some(Some("a".into())));
            assert!(required("name", MessageKey::FieldName, "  ", 10).is_err());
            let rule = |v: &str| if v == "ok" { Ok(()) } else { Err(FieldError::new("", MessageKey::CodeInvalid)) };
            assert_eq!(code("code", MessageKey::FieldCode, " ok ", rule).ok(), Some("ok".into()));
            assert_eq!(code("code", MessageKey::FieldCode, "no", rule).map_err(|e| e.error.field), Err("code".to_owned()));
        }
    }
}

mod sheet {
    use logistics_server::platform::sheet::{SheetError, first_sheet};

    fn book(rows: &[&[&str]]) -> Vec<u8> {
        let mut book = rust_xlsxwriter::Workbook::new();
        let ws = book.add_worksheet();
        for (r, row) in rows.iter().enumerate() {
            for (c, v) in row.iter().enumerate() {
                if let Ok(n) = v.parse::<f64>() {
                    ws.write_number(r as u32, c as u16, n).unwrap();
                } else if !v.is_empty() {
                    ws.write_string(r as u32, c as u16, *v).unwrap();
                }
            }
        }
        book.save_to_buffer().unwrap()
    }

    #[test]
    fn reads_rows_with_their_numbers() {
        let bytes = book(&[&["a", "b", "c"], &["1", "x", ""], &[], &["", "", "2.5"]]);
        let sheet = first_sheet(bytes, 10, 10).unwrap();
        assert_eq!(sheet.headings, ["a", "b", "c"]);
        assert_eq!(
            sheet.rows,
            vec![(2, vec!["1".to_owned(), "x".to_owned()]), (4, vec![String::new(), String::new(), "2.5".to_owned()])]
        );
    }

    #[test]
    fn refuses_too_many_rows_and_junk() {
        let bytes = book(&[&["a"], &["1"], &["2"], &["3"]]);
        assert_eq!(first_sheet(bytes, 2, 10).unwrap_err(), SheetError::TooManyRows(2));
        assert_eq!(first_sheet(b"not a zip".to_vec(), 2, 10).unwrap_err(), SheetError::Unreadable);
    }
}

mod secrets {
    use logistics_core::validate;
    use logistics_server::platform::secrets::{generate_password, new_id};

    #[test]
    fn generated_passwords_meet_the_policy_and_differ() {
        let a = generate_password().unwrap_or_default();
        let b = generate_password().unwrap_or_default();
        assert_eq!(a.len(), 16);
        assert!(validate::password("p", &a).is_ok());
        assert_ne!(a, b);
        assert_eq!(new_id().len(), 32);
    }
}

mod config {
    use logistics_server::platform::config::{Config, DatabaseUrl, redact};

    #[test]
    fn database_urls() {
        assert_eq!(DatabaseUrl::parse("sqlite://data/x.db"), Ok(DatabaseUrl::Sqlite("data/x.db".into())));
        assert_eq!(DatabaseUrl::parse("sqlite:///tmp/x.db"), Ok(DatabaseUrl::Sqlite("/tmp/x.db".into())));
        assert_eq!(DatabaseUrl::parse("sqlite::memory:"), Ok(DatabaseUrl::Sqlite(":memory:".into())));
        assert!(matches!(DatabaseUrl::parse("postgres://u:p@localhost/db"), Ok(DatabaseUrl::Postgres(_))));
        assert!(DatabaseUrl::parse("mysql://x").is_err());
        assert!(DatabaseUrl::parse("sqlite://").is_err());
        assert!(DatabaseUrl::parse("postgres://").is_err());
    }

    #[test]
    fn passwords_never_reach_errors() {
        let err = DatabaseUrl::parse("mysql://root:hunter2@db/x").err().unwrap_or_default();
        assert!(!err.contains("hunter2"), "{err}");
        assert_eq!(redact("postgres://u:secret@h/db"), "postgres://u:***@h/db");
    }

    #[test]
    fn defaults_and_errors() {
        let config = Config::from_lookup(|_| None).map_err(|e| e.to_string());
        let config = config.as_ref().map(|c| (c.bind.to_string(), c.database.clone(), c.demo));
        assert_eq!(config, Ok(("127.0.0.1:8080".into(), DatabaseUrl::Sqlite("data/logistics.db".into()), false)));
        let bad = Config::from_lookup(|n| (n == "LOGISTICS_BIND").then(|| "nope".to_owned()));
        assert!(bad.is_err_and(|e| e.contains("LOGISTICS_BIND")));
        let short = Config::from_lookup(|n| (n == "LOGISTICS_JWT_SECRET").then(|| "short".to_owned()));
        assert!(short.is_err_and(|e| e.contains("LOGISTICS_JWT_SECRET")));
    }
}

mod signature {
    use logistics_server::platform::signature::{TOLERANCE_SECONDS, sign, verify};

    #[test]
    fn signs_and_verifies_within_the_tolerance() {
        let header = sign("s3cret", 1_000, b"{}");
        assert!(verify("s3cret", &header, b"{}", 1_000 + TOLERANCE_SECONDS));
        assert!(!verify("s3cret", &header, b"{}", 1_001 + TOLERANCE_SECONDS));
        assert!(!verify("other", &header, b"{}", 1_000));
        assert!(!verify("s3cret", &header, b"{ }", 1_000));
        assert!(!verify("s3cret", "t=1000,v1=zz", b"{}", 1_000));
        assert!(!verify("s3cret", "", b"{}", 1_000));
    }
}
