//! Identity and administration's pieces on their own: the per-client throttles counted in this
//! process, and the country list seeded on first start.

mod rate_limit {
    use logistics_server::system::auth::rate_limit::{LOGIN, RateLimiter, SMS};

    #[tokio::test]
    async fn counts_per_client_and_limit() {
        let limiter = RateLimiter::new(true);
        for _ in 0..5 {
            assert!(limiter.check(SMS, "1.2.3.4").await.is_ok());
        }
        assert!(limiter.check(SMS, "1.2.3.4").await.is_err());
        assert!(limiter.check(SMS, "5.6.7.8").await.is_ok());
        assert!(limiter.check(LOGIN, "1.2.3.4").await.is_ok());
        let off = RateLimiter::new(false);
        for _ in 0..100 {
            assert!(off.check(SMS, "x").await.is_ok());
        }
    }
}

mod countries {
    use logistics_core::codes;
    use logistics_server::system::countries::{SEED, Seed, code_of};

    #[test]
    fn the_seed_list_is_whole_and_its_patterns_compile() {
        let seeds: Vec<Seed> = serde_json::from_str(SEED).unwrap_or_default();
        assert!(seeds.len() >= 249, "{}", seeds.len());
        for s in &seeds {
            assert!(code_of(&s.code).is_ok(), "{}", s.code);
            if let Some(p) = &s.phone {
                assert!(codes::phone_prefix("phonePrefix", p).is_ok(), "{} {p}", s.code);
            }
            if let Some(p) = &s.postal {
                assert!(codes::postal_pattern("postalPattern", p).is_ok(), "{} {p}", s.code);
            }
        }
        let cn = seeds.iter().find(|s| s.code == "CN");
        assert_eq!(
            cn.map(|s| (s.name_zh.as_str(), s.name_en.as_str(), s.phone.as_deref())),
            Some(("中国", "China", Some("+86")))
        );
    }
}
