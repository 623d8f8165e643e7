//! The sandbox carrier on its own: its numbers, its label template and its tracking journeys.

mod sandbox {
    use logistics_core::check_digit;
    use logistics_server::carrier::adapters::sandbox::{number_for, template};

    #[test]
    fn numbers_carry_a_valid_ups_check_digit_and_are_stable() {
        let a = number_for("SO2611280001", "UPS-SAVER");
        assert_eq!(a, number_for("SO2611280001", "UPS-SAVER"));
        assert_ne!(a, number_for("SO2611280002", "UPS-SAVER"));
        assert_eq!(a.len(), 18);
        assert_eq!(check_digit::scheme_of(&a), check_digit::Scheme::Ups1Z);
        assert!(check_digit::is_valid(check_digit::Scheme::Ups1Z, &a));
    }

    #[test]
    fn the_template_is_valid() {
        assert!(template().is_ok());
    }
}

mod sandbox_track {
    use logistics_core::tracking::{self, Status};
    use logistics_server::carrier::adapters::TrackRequest;
    use logistics_server::carrier::adapters::sandbox_track::{Step, events, journey};

    fn request(number: &str) -> TrackRequest {
        TrackRequest { number: number.to_owned(), since: 1_000_000, country: Some("US".to_owned()) }
    }

    #[test]
    fn a_journey_unfolds_in_time_and_ends_delivered() {
        let r = request("1ZSBX0000000000017");
        assert!(events(std::slice::from_ref(&r), r.since - 1).is_empty());
        let early = events(std::slice::from_ref(&r), r.since + 7 * 3600);
        assert_eq!(early.iter().map(|e| e.code.as_str()).collect::<Vec<_>>(), ["MANIFEST", "PICKUP"]);
        let all = events(std::slice::from_ref(&r), r.since + 30 * 24 * 3600);
        assert_eq!(all.last().map(|e| e.code.as_str()), Some("DELIVERED"));
        // Every code maps through core's sandbox table, times only move forward, ids are stable.
        for pair in all.windows(2) {
            assert!(pair[0].time.utc < pair[1].time.utc);
        }
        for e in &all {
            assert!(tracking::map(&[], "sandbox", &e.code).is_some(), "{}", e.code);
        }
        assert_eq!(all, events(&[r], 1_000_000 + 30 * 24 * 3600));
        assert_eq!(tracking::map(&[], "sandbox", "DELIVERED"), Some(Status::Delivered));
    }

    #[test]
    fn some_are_held_and_some_missed() {
        let numbers: Vec<String> = (0..200).map(|n| format!("1ZSBX{n:013}")).collect();
        let journeys: Vec<Vec<Step>> = numbers.iter().map(|n| journey(&request(n))).collect();
        assert!(journeys.iter().any(|j| j.iter().any(|s| s.0 == "CUSTOMS_HOLD")));
        assert!(journeys.iter().any(|j| j.iter().any(|s| s.0 == "ATTEMPT")));
        assert!(journeys.iter().any(|j| j.len() == 8), "a plain journey");
    }
}

/// The sandbox's rates, pickups, manifests and cancellations, and its refusal of credentials.
mod sandbox_operations {
    use logistics_server::carrier::adapters::sandbox::{Sandbox, price};
    use logistics_server::carrier::adapters::{
        CancelRequest, CarrierAdapter, Credentials, ManifestRequest, Parcel, PickupRequest, RateRequest,
    };

    fn parcel(kg: &str) -> Parcel {
        Parcel { seq: 1, weight_kg: kg.to_owned(), ..Parcel::default() }
    }

    #[test]
    fn prices_round_each_parcel_up_to_the_half_kilogram() {
        assert_eq!(price(&[parcel("0.1")]).as_deref(), Ok("21.25"));
        assert_eq!(price(&[parcel("0.5")]).as_deref(), Ok("21.25"));
        assert_eq!(price(&[parcel("0.501")]).as_deref(), Ok("24.50"));
        assert_eq!(price(&[parcel("1.25"), parcel("2")]).as_deref(), Ok("40.75"));
        assert!(price(&[parcel("heavy")]).is_err());
    }

    #[tokio::test]
    async fn refused_credentials_refuse_every_call() {
        let mut bad = Credentials::new();
        bad.insert("apiKey".into(), "invalid".into());
        let rate = RateRequest {
            service_code: "EXP".into(),
            parcels: vec![parcel("1")],
            credentials: bad.clone(),
            ..RateRequest::default()
        };
        assert!(Sandbox.rate(&rate).await.is_err());
        assert!(Sandbox.cancel(&CancelRequest { track_no: "1Z".into(), credentials: bad.clone() }).await.is_err());
        let pickup = PickupRequest { dispatch_no: "DP1".into(), shipments: 1, credentials: bad, ..PickupRequest::default() };
        assert!(Sandbox.pickup(&pickup).await.is_err());
        let good = PickupRequest { credentials: Credentials::new(), ..pickup };
        let a = Sandbox.pickup(&good).await.unwrap();
        assert!(a.starts_with("SBXP") && a.len() == 14 && a == Sandbox.pickup(&good).await.unwrap(), "{a}");
        let manifest = ManifestRequest { manifest_no: "MF1".into(), numbers: vec!["1Z1".into()], ..ManifestRequest::default() };
        assert!(Sandbox.manifest(&manifest).await.unwrap().starts_with("SBXM"));
        assert!(Sandbox.manifest(&ManifestRequest { numbers: vec![], ..manifest }).await.is_err());
    }
}
