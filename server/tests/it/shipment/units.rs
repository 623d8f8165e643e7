//! The order import's template on its own: headings in either language, and errors placed on the
//! cells they came from.

mod import {
    use logistics_server::shipment::orders::import::{COLUMNS, Origin, column_of, heading};

    #[test]
    fn headings_name_their_columns_in_any_language() {
        let at = |key: &str| COLUMNS.iter().position(|c| c.key == key);
        assert_eq!(column_of("客户单号 / Customer reference"), at("customerCode"));
        assert_eq!(column_of("Customer reference"), at("customerCode"));
        assert_eq!(column_of("postalCode"), at("postalCode"));
        assert_eq!(column_of("长 / Length (cm)"), at("length"));
        assert_eq!(column_of("单件重量（kg）"), at("unitWeight"));
        assert_eq!(column_of("whatever"), None);
        for c in COLUMNS {
            assert_eq!(column_of(&heading(c)), at(c.key), "{}", c.key);
        }
    }

    #[test]
    fn errors_point_at_the_cells_they_came_from() {
        let origin = Origin { row: 2, parcels: vec![2, 4], goods: vec![vec![2, 3], vec![4]] };
        assert_eq!(origin.cell("consignee.postalCode"), (2, "postalCode".to_owned()));
        assert_eq!(origin.cell("channelProductId"), (2, "channelProduct".to_owned()));
        assert_eq!(origin.cell("parcels[1].weight"), (4, "weight".to_owned()));
        assert_eq!(origin.cell("parcels[0].fbaCode"), (2, "boxId".to_owned()));
        assert_eq!(origin.cell("parcels[0].products[1].frHscode"), (3, "hsCode".to_owned()));
        assert_eq!(origin.cell("parcels[0].products"), (2, String::new()));
        assert_eq!(origin.cell("parcels"), (2, String::new()));
    }
}
