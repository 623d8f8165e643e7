//! Table definitions, one for both backends: only SQL types both support appear here.

diesel::table! {
    /// Server-side settings that must survive restarts and be shared by every instance.
    sys_setting (name) {
        name -> Text,
        value -> Text,
        update_time -> Timestamp,
    }
}

diesel::table! {
    /// A forwarder operating the platform; every business row belongs to one.
    sys_tenant (id) {
        id -> Integer,
        name -> Text,
        name_en -> Nullable<Text>,
        status -> SmallInt,
        create_time -> Timestamp,
        begin_date -> Nullable<Date>,
        end_date -> Nullable<Date>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// Every login: platform administrators and staff, enterprise customers (main accounts) and
    /// their sub-accounts. Field names follow JeecgBoot's `sys_user`.
    sys_user (id) {
        id -> Text,
        username -> Text,
        realname -> Text,
        password -> Text,
        avatar -> Nullable<Text>,
        sex -> Nullable<SmallInt>,
        birthday -> Nullable<Date>,
        email -> Nullable<Text>,
        phone -> Nullable<Text>,
        telephone -> Nullable<Text>,
        work_no -> Nullable<Text>,
        org_code -> Nullable<Text>,
        post -> Nullable<Text>,
        status -> SmallInt,
        del_flag -> SmallInt,
        user_kind -> Text,
        main_account_id -> Nullable<Text>,
        tenant_id -> Integer,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
        login_fail_count -> Integer,
        login_fail_since -> Nullable<Timestamp>,
        lock_until -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// A signed-in session: the JWT names it, so logout, password changes and freezing end it at once.
    sys_session (id) {
        id -> Text,
        user_id -> Text,
        tenant_id -> Integer,
        ip -> Nullable<Text>,
        user_agent -> Nullable<Text>,
        create_time -> Timestamp,
        expire_time -> Timestamp,
        revoke_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// SMS verification codes, stored as keyed hashes only.
    sys_sms_code (id) {
        id -> Text,
        phone -> Text,
        mode -> Text,
        code_hash -> Text,
        attempts -> Integer,
        consumed -> Bool,
        create_time -> Timestamp,
        expire_time -> Timestamp,
    }
}

diesel::table! {
    /// Login (log_type 1) and operation (2) logs, JeecgBoot's `sys_log`.
    sys_log (id) {
        id -> Text,
        log_type -> SmallInt,
        log_content -> Text,
        ok -> Bool,
        userid -> Nullable<Text>,
        username -> Nullable<Text>,
        ip -> Nullable<Text>,
        method -> Nullable<Text>,
        request_url -> Nullable<Text>,
        tenant_id -> Nullable<Integer>,
        create_time -> Timestamp,
        operate_type -> Nullable<SmallInt>,
        before_value -> Nullable<Text>,
        after_value -> Nullable<Text>,
    }
}

diesel::table! {
    sys_role (id) {
        id -> Text,
        role_name -> Text,
        role_name_en -> Nullable<Text>,
        role_code -> Text,
        description -> Nullable<Text>,
        tenant_id -> Integer,
        create_time -> Timestamp,
        update_time -> Nullable<Timestamp>,
        create_by -> Nullable<Text>,
    }
}

diesel::table! {
    sys_user_role (user_id, role_id) {
        user_id -> Text,
        role_id -> Text,
    }
}

diesel::table! {
    /// Menus (menu_type 0 and 1) and button permissions (menu_type 2), JeecgBoot's `sys_permission`,
    /// with the title in both languages.
    sys_permission (id) {
        id -> Text,
        parent_id -> Nullable<Text>,
        name -> Text,
        name_en -> Text,
        url -> Nullable<Text>,
        component -> Nullable<Text>,
        component_name -> Nullable<Text>,
        redirect -> Nullable<Text>,
        menu_type -> SmallInt,
        perms -> Nullable<Text>,
        perms_type -> Text,
        sort_no -> Integer,
        always_show -> Bool,
        icon -> Nullable<Text>,
        is_route -> Bool,
        keep_alive -> Bool,
        hidden -> Bool,
        internal_or_external -> Bool,
        status -> Text,
        del_flag -> SmallInt,
        create_time -> Timestamp,
        update_time -> Nullable<Timestamp>,
        platform_only -> Bool,
    }
}

diesel::table! {
    sys_role_permission (role_id, permission_id) {
        role_id -> Text,
        permission_id -> Text,
        /// Comma list of the data rules (of this permission) the role applies.
        data_rule_ids -> Nullable<Text>,
    }
}

diesel::table! {
    sys_depart (id) {
        id -> Text,
        parent_id -> Nullable<Text>,
        depart_name -> Text,
        depart_name_en -> Nullable<Text>,
        org_code -> Text,
        org_category -> Text,
        depart_order -> Integer,
        tenant_id -> Integer,
        del_flag -> SmallInt,
        create_time -> Timestamp,
        memo -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    sys_user_depart (user_id, dep_id) {
        user_id -> Text,
        dep_id -> Text,
    }
}

diesel::table! {
    /// The company behind an enterprise customer's main account, from registration.
    customer_company (user_id) {
        user_id -> Text,
        company_name -> Text,
        contact_person -> Text,
        country -> Text,
        address -> Text,
        tax_number -> Nullable<Text>,
        create_time -> Timestamp,
    }
}

diesel::table! {
    /// Data rules of a menu: row filters (column, condition, value) a role may select.
    sys_permission_data_rule (id) {
        id -> Text,
        permission_id -> Text,
        rule_name -> Text,
        rule_column -> Text,
        rule_conditions -> Text,
        rule_value -> Text,
        status -> Text,
        create_time -> Timestamp,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// A sub-account's own grants (always intersected with its main account's).
    sys_user_permission (user_id, permission_id) {
        user_id -> Text,
        permission_id -> Text,
    }
}

diesel::table! {
    /// What a department may hand out to its department roles.
    sys_depart_permission (depart_id, permission_id) {
        depart_id -> Text,
        permission_id -> Text,
        data_rule_ids -> Nullable<Text>,
    }
}

diesel::table! {
    sys_depart_role (id) {
        id -> Text,
        depart_id -> Text,
        role_name -> Text,
        role_code -> Text,
        description -> Nullable<Text>,
        tenant_id -> Integer,
        create_time -> Timestamp,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    sys_depart_role_user (user_id, drole_id) {
        user_id -> Text,
        drole_id -> Text,
    }
}

diesel::table! {
    sys_depart_role_permission (role_id, permission_id) {
        role_id -> Text,
        permission_id -> Text,
    }
}

diesel::table! {
    /// Positions (job titles) of a tenant; a user's `post` holds their codes.
    sys_position (id) {
        id -> Text,
        code -> Text,
        name -> Text,
        name_en -> Nullable<Text>,
        post_rank -> Text,
        tenant_id -> Integer,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// A wallet account: a customer's (per currency) or the platform's side (cash, revenue, holds).
    wallet_account (id) {
        id -> Text,
        tenant_id -> Integer,
        kind -> Text,
        customer_id -> Text,
        currency -> Text,
        balance -> BigInt,
        held -> BigInt,
        credit_limit -> BigInt,
        seq -> BigInt,
        status -> SmallInt,
        create_time -> Timestamp,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// One line of an account's ledger (append-only).
    wallet_entry (id) {
        id -> Text,
        tenant_id -> Integer,
        account_id -> Text,
        customer_id -> Text,
        currency -> Text,
        seq -> BigInt,
        trade_no -> Text,
        trade_type -> Text,
        trade_item -> Nullable<Text>,
        out_trade_no -> Nullable<Text>,
        payment_type -> Nullable<Text>,
        payment_channel -> Nullable<Text>,
        amount -> BigInt,
        held_change -> BigInt,
        balance_after -> BigInt,
        held_after -> BigInt,
        operator -> Nullable<Text>,
        remark -> Nullable<Text>,
        create_time -> Timestamp,
    }
}

diesel::table! {
    /// Money reserved for a reference until it is captured, released or expires.
    wallet_hold (id) {
        id -> Text,
        tenant_id -> Integer,
        account_id -> Text,
        reference -> Text,
        amount -> BigInt,
        state -> Text,
        captured -> Nullable<BigInt>,
        expires_at -> Timestamp,
        create_time -> Timestamp,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// A customer's recharge: pending until staff confirm (credited once) or reject it.
    wallet_recharge (id) {
        id -> Text,
        tenant_id -> Integer,
        customer_id -> Text,
        currency -> Text,
        amount -> BigInt,
        channel -> Text,
        out_trade_no -> Text,
        voucher -> Nullable<Text>,
        status -> Text,
        reason -> Nullable<Text>,
        trade_no -> Nullable<Text>,
        remark -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
        review_by -> Nullable<Text>,
        review_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// Each customer's movements per business day, currency and trade type (the dashboards).
    wallet_daily (tenant_id, customer_id, currency, day, trade_type) {
        tenant_id -> Integer,
        customer_id -> Text,
        currency -> Text,
        day -> Text,
        trade_type -> Text,
        amount -> BigInt,
        held_change -> BigInt,
        entries -> BigInt,
    }
}

diesel::table! {
    /// A money-moving request's Idempotency-Key and its first answer.
    sys_idempotency (user_id, idem_key) {
        user_id -> Text,
        idem_key -> Text,
        request_hash -> Text,
        status_code -> Nullable<Integer>,
        response -> Nullable<Text>,
        create_time -> Timestamp,
    }
}

diesel::table! {
    /// View: customers' accounts with the customer's name and the available amount.
    wallet_customer_account (id) {
        id -> Text,
        tenant_id -> Integer,
        customer_id -> Text,
        customer_username -> Text,
        customer_name -> Text,
        currency -> Text,
        balance -> BigInt,
        held -> BigInt,
        credit_limit -> BigInt,
        available -> BigInt,
        seq -> BigInt,
        status -> SmallInt,
        create_time -> Timestamp,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// View: the customers' legs of the ledger (the trade records).
    wallet_trade (id) {
        id -> Text,
        tenant_id -> Integer,
        customer_id -> Text,
        customer_username -> Text,
        currency -> Text,
        seq -> BigInt,
        trade_no -> Text,
        trade_type -> Text,
        trade_item -> Nullable<Text>,
        out_trade_no -> Nullable<Text>,
        payment_type -> Nullable<Text>,
        payment_channel -> Nullable<Text>,
        amount -> BigInt,
        held_change -> BigInt,
        balance_after -> BigInt,
        held_after -> BigInt,
        operator -> Nullable<Text>,
        remark -> Nullable<Text>,
        create_time -> Timestamp,
    }
}

diesel::table! {
    /// View: holds with their customer and currency.
    wallet_hold_view (id) {
        id -> Text,
        tenant_id -> Integer,
        customer_id -> Text,
        customer_username -> Text,
        currency -> Text,
        reference -> Text,
        amount -> BigInt,
        state -> Text,
        captured -> Nullable<BigInt>,
        expires_at -> Timestamp,
        create_time -> Timestamp,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// Long work a user started, with its progress (`platform::tasks`).
    sys_task (id) {
        id -> Text,
        tenant_id -> Integer,
        user_id -> Text,
        kind -> Text,
        status -> Text,
        total -> Integer,
        done -> Integer,
        result -> Nullable<Text>,
        message -> Nullable<Text>,
        create_time -> Timestamp,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// Named counters (order serial numbers per tenant and day, system tracking numbers).
    sys_counter (name) {
        name -> Text,
        value -> BigInt,
    }
}

diesel::table! {
    /// Amazon fulfilment centres: where FBA orders ship to (reference data).
    logistics_fba_warehouse (code) {
        code -> Text,
        country -> Text,
        state -> Nullable<Text>,
        city -> Text,
        postal_code -> Text,
        address1 -> Text,
    }
}

diesel::table! {
    /// A customer's sender addresses.
    logistics_shipper (id) {
        id -> Text,
        tenant_id -> Integer,
        customer_id -> Text,
        name -> Text,
        company -> Nullable<Text>,
        phone -> Nullable<Text>,
        email -> Nullable<Text>,
        country -> Text,
        state -> Nullable<Text>,
        city -> Text,
        postal_code -> Nullable<Text>,
        street -> Nullable<Text>,
        house -> Nullable<Text>,
        address1 -> Text,
        address2 -> Nullable<Text>,
        iz_default -> SmallInt,
        remark -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// A customer's depots: Amazon fulfilment centres and its own or overseas warehouses.
    logistics_depot (id) {
        id -> Text,
        tenant_id -> Integer,
        customer_id -> Text,
        depot_id -> Text,
        code -> Nullable<Text>,
        depot_name -> Text,
        depot_type -> Text,
        contact -> Nullable<Text>,
        phone -> Nullable<Text>,
        country -> Text,
        state -> Nullable<Text>,
        city -> Text,
        postal_code -> Nullable<Text>,
        street -> Nullable<Text>,
        house -> Nullable<Text>,
        address1 -> Text,
        address2 -> Nullable<Text>,
        remark -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// A customer's catalogue of declared goods.
    logistics_parcel_product (id) {
        id -> Text,
        tenant_id -> Integer,
        customer_id -> Text,
        sku -> Text,
        lc_hscode -> Nullable<Text>,
        fr_hscode -> Nullable<Text>,
        lc_name -> Nullable<Text>,
        fr_name -> Text,
        lc_meterial -> Nullable<Text>,
        fr_meterial -> Nullable<Text>,
        lc_usage -> Nullable<Text>,
        fr_usage -> Nullable<Text>,
        lc_brand -> Nullable<Text>,
        fr_brand -> Nullable<Text>,
        lc_model -> Nullable<Text>,
        fr_model -> Nullable<Text>,
        shop_url -> Nullable<Text>,
        photo_url -> Nullable<Text>,
        unit_weight -> Text,
        unit_price -> Text,
        unit -> Nullable<Text>,
        remark -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// A customer's pre-advice of the orders one warehouse intake receives.
    logistics_predict_batch (id) {
        id -> Text,
        tenant_id -> Integer,
        customer_id -> Text,
        batch_no -> Text,
        expect_time -> Nullable<Timestamp>,
        status -> Text,
        remark -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// A shipment order (B2B, B2C, FBA, WMS) with its consignee. Only the columns statements built
    /// with Diesel's DSL use are declared (at most 32); the rest are read and written by name
    /// (`shipment::orders`).
    logistics_shipment (id) {
        id -> Text,
        tenant_id -> Integer,
        customer_id -> Text,
        shipment_type -> Text,
        serial_number -> Text,
        customer_code -> Nullable<Text>,
        sys_track_no -> Nullable<Text>,
        track_no -> Nullable<Text>,
        channel_product_id -> Nullable<Text>,
        channel_id -> Nullable<Text>,
        user_depot_id -> Nullable<Text>,
        shipper_id -> Nullable<Text>,
        order_method -> Text,
        shipment_resource -> Text,
        shipment_status -> Text,
        print_status -> Text,
        location_status -> Text,
        shipment_pieces -> Integer,
        shipment_weight -> BigInt,
        declared_value -> BigInt,
        currency -> Text,
        deduct_amount -> Nullable<BigInt>,
        deduct_currency -> Nullable<Text>,
        quote -> Nullable<Text>,
        rate_version -> Nullable<Text>,
        chargeable_weight -> Nullable<Text>,
        consignee_country -> Nullable<Text>,
        submit_time -> Nullable<Timestamp>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// An order's parcels.
    logistics_shipment_parcel (id) {
        id -> Text,
        tenant_id -> Integer,
        shipment_id -> Text,
        seq -> Integer,
        reference -> Nullable<Text>,
        fba_code -> Nullable<Text>,
        serial_number -> Text,
        sys_track_no -> Nullable<Text>,
        parcel_status -> Text,
        length -> Text,
        width -> Text,
        height -> Text,
        weight -> Text,
        bulky -> Text,
        remark -> Nullable<Text>,
        create_time -> Timestamp,
    }
}

diesel::table! {
    /// A parcel's declared goods.
    logistics_shipment_product (id) {
        id -> Text,
        tenant_id -> Integer,
        shipment_id -> Text,
        parcel_id -> Text,
        seq -> Integer,
        sku -> Nullable<Text>,
        lc_hscode -> Nullable<Text>,
        fr_hscode -> Nullable<Text>,
        lc_name -> Nullable<Text>,
        fr_name -> Nullable<Text>,
        lc_meterial -> Nullable<Text>,
        fr_meterial -> Nullable<Text>,
        lc_usage -> Nullable<Text>,
        fr_usage -> Nullable<Text>,
        lc_brand -> Nullable<Text>,
        fr_brand -> Nullable<Text>,
        lc_model -> Nullable<Text>,
        fr_model -> Nullable<Text>,
        shop_url -> Nullable<Text>,
        photo_url -> Nullable<Text>,
        unit_weight -> Nullable<Text>,
        unit_price -> Nullable<Text>,
        quantity -> Nullable<Integer>,
        unit -> Nullable<Text>,
        remark -> Nullable<Text>,
    }
}

diesel::table! {
    /// Tracking numbers issued for an order or parcel.
    logistics_delivery_number (id) {
        id -> Text,
        tenant_id -> Integer,
        customer_id -> Text,
        track_no -> Text,
        shipment_id -> Text,
        shipment_parcel_id -> Nullable<Text>,
        channel_product_id -> Nullable<Text>,
        channel_id -> Nullable<Text>,
        segment_id -> Nullable<Text>,
        third_id -> Nullable<Text>,
        third_mark -> Nullable<Text>,
        create_time -> Timestamp,
        void_time -> Nullable<Timestamp>,
        void_by -> Nullable<Text>,
        void_reason -> Nullable<Text>,
    }
}

diesel::table! {
    /// An FBA order's delivery to Amazon.
    logistics_fba_order (shipment_id) {
        shipment_id -> Text,
        tenant_id -> Integer,
        expect_time -> Nullable<Timestamp>,
        real_time -> Nullable<Timestamp>,
        batch_no -> Nullable<Text>,
        pod -> Nullable<Text>,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// An FBA order's cartons and pallets per Amazon shipment ID.
    logistics_fba_config (id) {
        id -> Text,
        tenant_id -> Integer,
        shipment_id -> Text,
        fba_shipment_id -> Text,
        serial_number -> Nullable<Text>,
        pieces -> Integer,
        pallet -> Integer,
    }
}

diesel::joinable!(sys_user -> sys_tenant (tenant_id));
diesel::table! {
    sys_dict (id) {
        id -> Text,
        dict_name -> Text,
        dict_name_en -> Nullable<Text>,
        dict_code -> Text,
        description -> Nullable<Text>,
        system_flag -> Bool,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    sys_dict_item (id) {
        id -> Text,
        dict_id -> Text,
        item_text -> Text,
        item_text_en -> Nullable<Text>,
        item_value -> Text,
        item_color -> Nullable<Text>,
        description -> Nullable<Text>,
        sort_order -> Integer,
        status -> SmallInt,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    sys_category (id) {
        id -> Text,
        tenant_id -> Integer,
        pid -> Text,
        name -> Text,
        name_en -> Nullable<Text>,
        code -> Text,
        has_child -> Bool,
        sort_order -> Integer,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    sys_country (code) {
        code -> Text,
        name_zh -> Text,
        name_en -> Text,
        phone_prefix -> Nullable<Text>,
        postal_pattern -> Nullable<Text>,
        enabled -> Bool,
        sort_order -> Integer,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    sys_announcement (id) {
        id -> Text,
        tenant_id -> Integer,
        titile -> Text,
        msg_content -> Text,
        start_time -> Nullable<Timestamp>,
        end_time -> Nullable<Timestamp>,
        sender -> Text,
        priority -> Text,
        msg_category -> Text,
        msg_type -> Text,
        user_ids -> Nullable<Text>,
        send_status -> Text,
        send_time -> Nullable<Timestamp>,
        cancel_time -> Nullable<Timestamp>,
        open_type -> Nullable<Text>,
        open_page -> Nullable<Text>,
        bus_type -> Nullable<Text>,
        bus_id -> Nullable<Text>,
        del_flag -> Bool,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    sys_announcement_send (id) {
        id -> Text,
        annt_id -> Text,
        user_id -> Text,
        read_flag -> Bool,
        read_time -> Nullable<Timestamp>,
        create_time -> Timestamp,
    }
}

diesel::table! {
    logistics_supplier (id) {
        id -> Text,
        tenant_id -> Integer,
        code -> Text,
        name -> Text,
        name_en -> Nullable<Text>,
        contact -> Nullable<Text>,
        phone -> Nullable<Text>,
        email -> Nullable<Text>,
        api_type -> Nullable<Text>,
        status -> SmallInt,
        remark -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
        credentials -> Nullable<Text>,
    }
}

diesel::table! {
    logistics_channel (id) {
        id -> Text,
        tenant_id -> Integer,
        supplier_id -> Text,
        code -> Text,
        name -> Text,
        name_en -> Nullable<Text>,
        trans_type -> Nullable<Text>,
        status -> SmallInt,
        remark -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
        service_id -> Nullable<Text>,
    }
}

diesel::table! {
    logistics_number_segment (id) {
        id -> Text,
        tenant_id -> Integer,
        channel_id -> Text,
        prefix -> Text,
        suffix -> Text,
        start_no -> BigInt,
        end_no -> BigInt,
        current_no -> BigInt,
        check_scheme -> Text,
        alert_threshold -> BigInt,
        status -> SmallInt,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// A rate card version: the card's body is the documented JSON (rounding, zones, prices, surcharges).
    logistics_rate_card (id) {
        id -> Text,
        tenant_id -> Integer,
        code -> Text,
        name -> Text,
        currency -> Text,
        effective_from -> Date,
        body -> Text,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
        partition_id -> Nullable<Text>,
    }
}

diesel::table! {
    logistics_channel_product (id) {
        id -> Text,
        tenant_id -> Integer,
        channel_id -> Text,
        code -> Text,
        name -> Text,
        name_en -> Nullable<Text>,
        trade_type -> Nullable<Text>,
        trans_type -> Nullable<Text>,
        push_method -> Nullable<Text>,
        label_type -> Nullable<Text>,
        deduct_method -> Nullable<Text>,
        iz_subsist -> Bool,
        iz_single -> Bool,
        iz_mult -> Bool,
        iz_enable -> Bool,
        fee_id -> Nullable<Text>,
        th_weight_ratio -> Integer,
        remark -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    logistics_product_validity (id) {
        id -> Text,
        product_id -> Text,
        valid_type -> Text,
        min_value -> Nullable<Text>,
        max_value -> Nullable<Text>,
    }
}

diesel::table! {
    logistics_product_postal (id) {
        id -> Text,
        product_id -> Text,
        country -> Text,
        postal_code -> Text,
        allow -> Bool,
        remark -> Nullable<Text>,
    }
}

diesel::table! {
    logistics_partition (id) {
        id -> Text,
        tenant_id -> Integer,
        code -> Text,
        name -> Text,
        name_en -> Nullable<Text>,
        zones -> Text,
        zone_count -> SmallInt,
        countries -> Text,
        remark -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// Which channel products a customer (main account) may use, and its markup on freight.
    logistics_price_level (id) {
        id -> Text,
        tenant_id -> Integer,
        customer_id -> Text,
        product_id -> Text,
        markup_percent -> Text,
        enabled -> Bool,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::joinable!(sys_session -> sys_user (user_id));
diesel::joinable!(sys_user_role -> sys_role (role_id));
diesel::joinable!(sys_user_role -> sys_user (user_id));
diesel::joinable!(sys_role_permission -> sys_permission (permission_id));
diesel::joinable!(sys_role_permission -> sys_role (role_id));
diesel::joinable!(sys_user_depart -> sys_depart (dep_id));
diesel::joinable!(sys_user_depart -> sys_user (user_id));
diesel::joinable!(customer_company -> sys_user (user_id));
diesel::joinable!(sys_permission_data_rule -> sys_permission (permission_id));
diesel::joinable!(sys_user_permission -> sys_permission (permission_id));
diesel::joinable!(sys_depart_permission -> sys_permission (permission_id));
diesel::joinable!(sys_depart_role -> sys_depart (depart_id));
diesel::joinable!(sys_depart_role_user -> sys_depart_role (drole_id));
diesel::joinable!(sys_depart_role_permission -> sys_depart_role (role_id));
diesel::joinable!(sys_depart_role_permission -> sys_permission (permission_id));
diesel::joinable!(sys_dict_item -> sys_dict (dict_id));
diesel::joinable!(sys_announcement_send -> sys_announcement (annt_id));
diesel::joinable!(logistics_channel -> logistics_supplier (supplier_id));
diesel::joinable!(logistics_number_segment -> logistics_channel (channel_id));
diesel::joinable!(wallet_entry -> wallet_account (account_id));
diesel::joinable!(wallet_hold -> wallet_account (account_id));
diesel::joinable!(logistics_channel_product -> logistics_channel (channel_id));
diesel::joinable!(logistics_product_validity -> logistics_channel_product (product_id));
diesel::joinable!(logistics_product_postal -> logistics_channel_product (product_id));
diesel::joinable!(logistics_price_level -> logistics_channel_product (product_id));
diesel::table! {
    logistics_printer (id) {
        id -> Text,
        tenant_id -> Integer,
        user_id -> Text,
        printer_name -> Text,
        paper_format -> Text,
        output_format -> Text,
        dpi -> Integer,
        iz_horizontal -> SmallInt,
        iz_preview -> SmallInt,
        iz_default -> SmallInt,
        width -> Integer,
        height -> Integer,
        remark -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    sys_print_template (id) {
        id -> Text,
        tenant_id -> Integer,
        template_name -> Text,
        label_size -> Text,
        channel_product_id -> Nullable<Text>,
        customer_id -> Nullable<Text>,
        content -> Text,
        iz_enable -> SmallInt,
        remark -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// The forecast bundles orders were charged from, by version (content fingerprint).
    logistics_rate_bundle (tenant_id, version) {
        tenant_id -> Integer,
        version -> Text,
        body -> Text,
        create_time -> Timestamp,
    }
}

diesel::table! {
    /// A parcel the warehouse received: measured, re-quoted, settled.
    logistics_inbound_parcel (id) {
        id -> Text,
        tenant_id -> Integer,
        customer_id -> Text,
        shipment_id -> Text,
        shipment_parcel_id -> Text,
        serial_number -> Text,
        parcel_serial_number -> Text,
        scanned_no -> Text,
        track_no -> Nullable<Text>,
        sys_track_no -> Nullable<Text>,
        channel_product_id -> Nullable<Text>,
        channel_id -> Nullable<Text>,
        country -> Nullable<Text>,
        depot -> Nullable<Text>,
        inbound_status -> Text,
        length -> Text,
        width -> Text,
        height -> Text,
        weight -> Text,
        bulky -> Text,
        declared_weight -> Text,
        currency -> Nullable<Text>,
        held_amount -> Nullable<BigInt>,
        charged_amount -> Nullable<BigInt>,
        adjustment -> Nullable<BigInt>,
        remark -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
        package_id -> Nullable<Text>,
        package_no -> Nullable<Text>,
    }
}

diesel::table! {
    /// An outbound package: received parcels of one channel, country, depot and transport type.
    logistics_out_package (id) {
        id -> Text,
        tenant_id -> Integer,
        package_no -> Text,
        channel_id -> Nullable<Text>,
        channel_product_id -> Nullable<Text>,
        country -> Nullable<Text>,
        depot -> Nullable<Text>,
        transport_type -> Nullable<Text>,
        package_status -> Text,
        pieces -> Integer,
        weight -> Text,
        batch_id -> Nullable<Text>,
        batch_no -> Nullable<Text>,
        remark -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// An outbound batch: packages handed to a carrier together.
    logistics_out_batch (id) {
        id -> Text,
        tenant_id -> Integer,
        batch_no -> Text,
        channel_id -> Nullable<Text>,
        batch_status -> Text,
        packages -> Integer,
        pieces -> Integer,
        weight -> Text,
        remark -> Nullable<Text>,
        handed_by -> Nullable<Text>,
        handed_time -> Nullable<Timestamp>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// A supplier's service catalogue.
    logistics_carrier_service (id) {
        id -> Text,
        tenant_id -> Integer,
        supplier_id -> Text,
        code -> Text,
        name -> Text,
        name_en -> Nullable<Text>,
        service_type -> Text,
        transit_min -> Nullable<Integer>,
        transit_max -> Nullable<Integer>,
        status -> SmallInt,
        remark -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// UPS's routing table: a destination country and postal range to the routing code on labels.
    logistics_ups_routing (id) {
        id -> Text,
        tenant_id -> Integer,
        country_code -> Text,
        postal_low -> Text,
        postal_high -> Text,
        postal_len -> SmallInt,
        routing_code -> Text,
        version -> Nullable<Text>,
        remark -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// The forwarder's own warehouses and carriers' hand-over points.
    logistics_platform_depot (id) {
        id -> Text,
        tenant_id -> Integer,
        code -> Text,
        name -> Text,
        name_en -> Nullable<Text>,
        depot_type -> Text,
        supplier_id -> Nullable<Text>,
        country -> Text,
        state -> Nullable<Text>,
        city -> Nullable<Text>,
        postal_code -> Nullable<Text>,
        address -> Nullable<Text>,
        contact -> Nullable<Text>,
        phone -> Nullable<Text>,
        status -> SmallInt,
        remark -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// Shipments handed to a carrier at a pickup.
    logistics_dispatch (id) {
        id -> Text,
        tenant_id -> Integer,
        dispatch_no -> Text,
        supplier_id -> Text,
        depot_id -> Text,
        pickup_date -> Text,
        pickup_window -> Nullable<Text>,
        dispatch_status -> Text,
        pickup_ref -> Nullable<Text>,
        shipments -> Integer,
        pieces -> Integer,
        weight -> Text,
        manifest_id -> Nullable<Text>,
        manifest_no -> Nullable<Text>,
        remark -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    logistics_dispatch_item (id) {
        id -> Text,
        tenant_id -> Integer,
        dispatch_id -> Text,
        shipment_id -> Text,
        out_batch_id -> Nullable<Text>,
        pieces -> Integer,
        weight -> Text,
        create_time -> Timestamp,
    }
}

diesel::table! {
    /// A carrier's end-of-day manifest per depot.
    logistics_manifest (id) {
        id -> Text,
        tenant_id -> Integer,
        manifest_no -> Text,
        supplier_id -> Text,
        depot_id -> Text,
        manifest_date -> Text,
        dispatches -> Integer,
        shipments -> Integer,
        pieces -> Integer,
        weight -> Text,
        carrier_ref -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
    }
}

diesel::table! {
    /// Orders handed to one carrier with the file it loads them from.
    logistics_waybill_batch (id) {
        id -> Text,
        tenant_id -> Integer,
        batch_no -> Text,
        batch_type -> Text,
        supplier_id -> Text,
        mawb_no -> Nullable<Text>,
        origin -> Nullable<Text>,
        destination -> Nullable<Text>,
        flight_no -> Nullable<Text>,
        flight_date -> Nullable<Text>,
        account_no -> Nullable<Text>,
        shipments -> Integer,
        pieces -> Integer,
        weight -> Text,
        file_name -> Text,
        file_text -> Text,
        file_sha256 -> Text,
        file_version -> Integer,
        generated_by -> Nullable<Text>,
        generated_time -> Timestamp,
        remark -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
    }
}

diesel::table! {
    /// A waybill batch's orders.
    logistics_waybill_batch_item (id) {
        id -> Text,
        tenant_id -> Integer,
        batch_id -> Text,
        batch_type -> Text,
        shipment_id -> Text,
        seq -> Integer,
    }
}

diesel::table! {
    /// What an order cost with its carrier.
    logistics_carrier_fee (id) {
        id -> Text,
        tenant_id -> Integer,
        shipment_id -> Text,
        serial_number -> Text,
        customer_id -> Text,
        supplier_id -> Text,
        channel_product_id -> Nullable<Text>,
        amount -> BigInt,
        currency -> Text,
        source -> Text,
        manifest_id -> Nullable<Text>,
        remark -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    logistics_label_swap (id) {
        id -> Text,
        tenant_id -> Integer,
        customer_id -> Text,
        shipment_id -> Text,
        shipment_parcel_id -> Nullable<Text>,
        serial_number -> Text,
        old_no -> Text,
        new_no -> Text,
        reason -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
    }
}

diesel::table! {
    logistics_carrier_label (id) {
        id -> Text,
        tenant_id -> Integer,
        customer_id -> Text,
        shipment_id -> Text,
        serial_number -> Text,
        source -> Text,
        carrier -> Nullable<Text>,
        track_no -> Nullable<Text>,
        file_path -> Text,
        file_size -> Integer,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
    }
}

diesel::table! {
    /// A parcel's journey: one row per event of any source.
    logistics_track_event (id) {
        id -> Text,
        tenant_id -> Integer,
        customer_id -> Text,
        shipment_id -> Text,
        parcel_id -> Nullable<Text>,
        serial_number -> Text,
        parcel_serial_number -> Nullable<Text>,
        track_no -> Nullable<Text>,
        sys_track_no -> Nullable<Text>,
        event_time -> Timestamp,
        utc_offset -> Integer,
        location -> Nullable<Text>,
        detail -> Nullable<Text>,
        detail_en -> Nullable<Text>,
        status -> Text,
        reason -> Nullable<Text>,
        pieces -> Nullable<Integer>,
        dest_country -> Nullable<Text>,
        source -> Text,
        source_code -> Text,
        event_key -> Text,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
    }
}

diesel::table! {
    /// An order's tracking status now.
    logistics_track_state (shipment_id) {
        shipment_id -> Text,
        tenant_id -> Integer,
        customer_id -> Text,
        status -> Text,
        reason -> Nullable<Text>,
        event_time -> Nullable<Timestamp>,
        utc_offset -> Nullable<Integer>,
        location -> Nullable<Text>,
        detail -> Nullable<Text>,
        detail_en -> Nullable<Text>,
        update_time -> Timestamp,
        timeline -> Nullable<Text>,
    }
}

diesel::table! {
    /// A last-mile courier: how its numbers look and where it tracks them.
    logistics_courier (id) {
        id -> Text,
        tenant_id -> Integer,
        code -> Text,
        name -> Text,
        name_en -> Nullable<Text>,
        website -> Nullable<Text>,
        track_url -> Nullable<Text>,
        number_pattern -> Nullable<Text>,
        check_digit -> Nullable<Text>,
        phone -> Nullable<Text>,
        sort_no -> Integer,
        status -> SmallInt,
        remark -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// A tenant's mapping of a source's event code to a normalized status.
    logistics_track_mapping (id) {
        id -> Text,
        tenant_id -> Integer,
        source -> Text,
        code -> Text,
        status -> Text,
        remark -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// A customer's webhook for its orders' tracking status changes.
    logistics_track_subscription (id) {
        id -> Text,
        tenant_id -> Integer,
        customer_id -> Text,
        url -> Text,
        secret -> Text,
        status -> SmallInt,
        remark -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// One status change to deliver to a subscription, and how its delivery went.
    logistics_track_delivery (id) {
        id -> Text,
        tenant_id -> Integer,
        customer_id -> Text,
        subscription_id -> Text,
        shipment_id -> Text,
        serial_number -> Text,
        status -> Text,
        payload -> Text,
        state -> Text,
        attempts -> Integer,
        next_time -> Timestamp,
        response_code -> Nullable<Integer>,
        last_error -> Nullable<Text>,
        create_time -> Timestamp,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    logistics_return (id) {
        id -> Text,
        tenant_id -> Integer,
        return_no -> Text,
        customer_id -> Text,
        shipment_id -> Text,
        parcel_id -> Nullable<Text>,
        serial_number -> Text,
        parcel_no -> Nullable<Text>,
        sys_track_no -> Nullable<Text>,
        track_no -> Nullable<Text>,
        reason -> Text,
        reason_detail -> Nullable<Text>,
        return_track_no -> Nullable<Text>,
        status -> Text,
        decision -> Nullable<Text>,
        decision_remark -> Nullable<Text>,
        decision_side -> Nullable<Text>,
        decision_by -> Nullable<Text>,
        decision_time -> Nullable<Timestamp>,
        parcel_condition -> Nullable<Text>,
        condition_remark -> Nullable<Text>,
        received_by -> Nullable<Text>,
        received_time -> Nullable<Timestamp>,
        reship_shipment_id -> Nullable<Text>,
        reship_serial_number -> Nullable<Text>,
        currency -> Text,
        remark -> Nullable<Text>,
        open_key -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    logistics_return_attachment (id) {
        id -> Text,
        tenant_id -> Integer,
        return_id -> Text,
        return_no -> Text,
        customer_id -> Text,
        file_name -> Text,
        path -> Text,
        mime -> Text,
        size_bytes -> BigInt,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
    }
}

diesel::table! {
    logistics_return_comment (id) {
        id -> Text,
        tenant_id -> Integer,
        return_id -> Text,
        return_no -> Text,
        customer_id -> Text,
        side -> Text,
        user_id -> Text,
        username -> Text,
        realname -> Nullable<Text>,
        content -> Text,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
    }
}

diesel::table! {
    logistics_return_track (id) {
        id -> Text,
        tenant_id -> Integer,
        return_id -> Text,
        return_no -> Text,
        customer_id -> Text,
        status -> Text,
        location -> Nullable<Text>,
        detail -> Text,
        event_time -> Timestamp,
        source -> Text,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
    }
}

diesel::table! {
    logistics_return_account (id) {
        id -> Text,
        tenant_id -> Integer,
        return_id -> Text,
        return_no -> Text,
        customer_id -> Text,
        kind -> Text,
        amount -> BigInt,
        currency -> Text,
        trade_no -> Text,
        remark -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
    }
}

diesel::table! {
    /// A storage location: warehouse, zone, aisle, shelf, bin.
    wms_location (id) {
        id -> Text,
        tenant_id -> Integer,
        warehouse -> Text,
        zone -> Text,
        aisle -> Nullable<Text>,
        shelf -> Nullable<Text>,
        bin -> Nullable<Text>,
        code -> Text,
        capacity -> BigInt,
        held -> BigInt,
        location_type -> Text,
        remark -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// A customer's stock-keeping unit.
    wms_sku (id) {
        id -> Text,
        tenant_id -> Integer,
        customer_id -> Text,
        sku_code -> Text,
        barcode -> Nullable<Text>,
        name_zh -> Text,
        name_en -> Text,
        length -> Text,
        width -> Text,
        height -> Text,
        weight -> Text,
        hs_code -> Nullable<Text>,
        declared_value -> Text,
        currency -> Text,
        remark -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// One SKU's stock at one location.
    wms_stock (id) {
        id -> Text,
        tenant_id -> Integer,
        customer_id -> Text,
        sku_id -> Text,
        sku_code -> Text,
        location_id -> Text,
        location_code -> Text,
        quantity -> BigInt,
        allocated -> BigInt,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// The stock log: every change of a stock row (append-only).
    wms_stock_log (id) {
        id -> Text,
        tenant_id -> Integer,
        customer_id -> Text,
        sku_id -> Text,
        sku_code -> Text,
        location_id -> Text,
        location_code -> Text,
        kind -> Text,
        quantity -> BigInt,
        balance -> BigInt,
        reason -> Nullable<Text>,
        ref_type -> Text,
        ref_no -> Nullable<Text>,
        remark -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
    }
}

diesel::table! {
    /// An inbound forecast (advance shipping notice).
    wms_forecast (id) {
        id -> Text,
        tenant_id -> Integer,
        customer_id -> Text,
        forecast_no -> Text,
        warehouse -> Text,
        reference -> Nullable<Text>,
        status -> Text,
        expected_total -> BigInt,
        received_total -> BigInt,
        remark -> Nullable<Text>,
        received_time -> Nullable<Timestamp>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// A forecast's line: one SKU, expected and received.
    wms_forecast_line (id) {
        id -> Text,
        tenant_id -> Integer,
        forecast_id -> Text,
        customer_id -> Text,
        seq -> Integer,
        sku_id -> Text,
        sku_code -> Text,
        expected -> BigInt,
        received -> BigInt,
    }
}

diesel::table! {
    /// A WMS order's reservation of one SKU at one location: allocated, picked or released.
    wms_allocation (id) {
        id -> Text,
        tenant_id -> Integer,
        customer_id -> Text,
        shipment_id -> Text,
        serial_number -> Text,
        sku_id -> Text,
        sku_code -> Text,
        location_id -> Text,
        location_code -> Text,
        quantity -> BigInt,
        status -> Text,
        picked_by -> Nullable<Text>,
        picked_time -> Nullable<Timestamp>,
        create_time -> Timestamp,
    }
}

diesel::table! {
    /// Warehouse fee rates of a customer ('' : every customer).
    wms_fee_rate (id) {
        id -> Text,
        tenant_id -> Integer,
        customer_id -> Text,
        currency -> Text,
        storage_rate -> Text,
        inbound_rate -> Text,
        outbound_rate -> Text,
        remark -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// A warehouse fee assessed for a customer's day, and its payment.
    wms_user_fee (id) {
        id -> Text,
        tenant_id -> Integer,
        customer_id -> Text,
        fee_date -> Text,
        fee_type -> Text,
        pieces -> BigInt,
        volume -> Nullable<Text>,
        rate -> Text,
        amount -> BigInt,
        currency -> Text,
        status -> Text,
        trade_no -> Nullable<Text>,
        message -> Nullable<Text>,
        create_time -> Timestamp,
        charge_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// A scheduled job: a handler registered in code, its cron and the slot it fires next.
    sys_quartz_job (id) {
        id -> Text,
        job_class_name -> Text,
        cron_expression -> Text,
        parameter -> Nullable<Text>,
        description -> Nullable<Text>,
        status -> SmallInt,
        next_fire_time -> Nullable<Timestamp>,
        last_fire_time -> Nullable<Timestamp>,
        last_status -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// An external database reports may read (the password encrypted at rest).
    sys_data_source (id) {
        id -> Text,
        code -> Text,
        name -> Text,
        db_type -> Text,
        db_url -> Text,
        db_username -> Nullable<Text>,
        db_password -> Nullable<Text>,
        remark -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// An online report: one read-only SELECT, its columns and parameters (JSON arrays).
    onl_cgreport_head (id) {
        id -> Text,
        code -> Text,
        name -> Text,
        name_en -> Nullable<Text>,
        cgr_sql -> Text,
        db_source -> Nullable<Text>,
        content -> Nullable<Text>,
        items -> Text,
        params -> Text,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// One attempt of a scheduled job's run.
    sys_quartz_job_log (id) {
        id -> Text,
        job_id -> Text,
        job_class_name -> Text,
        slot_time -> Timestamp,
        trigger_type -> Text,
        instance -> Text,
        attempt -> Integer,
        status -> Text,
        message -> Nullable<Text>,
        start_time -> Timestamp,
        end_time -> Nullable<Timestamp>,
        duration_ms -> Nullable<BigInt>,
        lease_until -> Timestamp,
    }
}

diesel::table! {
    sys_gateway_route (id) {
        id -> Text,
        router_id -> Text,
        name -> Text,
        uri -> Text,
        strip_prefix -> Integer,
        timeout -> Integer,
        status -> Integer,
        role_codes -> Nullable<Text>,
        remark -> Nullable<Text>,
        create_by -> Nullable<Text>,
        create_time -> Timestamp,
        update_by -> Nullable<Text>,
        update_time -> Nullable<Timestamp>,
    }
}

diesel::table! {
    sys_third_account (id) {
        id -> Text,
        sys_user_id -> Text,
        third_type -> Text,
        third_user_id -> Text,
        realname -> Nullable<Text>,
        create_time -> Timestamp,
    }
}

diesel::table! {
    sys_third_login (token_hash) {
        token_hash -> Text,
        third_type -> Text,
        third_user_id -> Text,
        realname -> Nullable<Text>,
        expires_at -> Timestamp,
    }
}

diesel::allow_tables_to_appear_in_same_query!(
    sys_setting,
    logistics_carrier_service,
    logistics_ups_routing,
    logistics_partition,
    logistics_platform_depot,
    logistics_dispatch,
    logistics_dispatch_item,
    logistics_manifest,
    logistics_carrier_fee,
    sys_tenant,
    sys_user,
    sys_session,
    sys_sms_code,
    sys_log,
    sys_role,
    sys_user_role,
    sys_permission,
    sys_role_permission,
    sys_depart,
    sys_user_depart,
    customer_company,
    sys_permission_data_rule,
    sys_user_permission,
    sys_depart_permission,
    sys_depart_role,
    sys_depart_role_user,
    sys_depart_role_permission,
    sys_position,
    sys_dict,
    sys_dict_item,
    sys_category,
    sys_country,
    sys_announcement,
    sys_announcement_send,
    logistics_supplier,
    logistics_channel,
    logistics_number_segment,
    logistics_rate_card,
    logistics_channel_product,
    logistics_product_validity,
    logistics_product_postal,
    logistics_price_level,
    wallet_account,
    wallet_entry,
    wallet_hold,
    sys_counter,
    sys_task,
    logistics_fba_warehouse,
    logistics_shipper,
    logistics_depot,
    logistics_parcel_product,
    logistics_predict_batch,
    logistics_shipment,
    logistics_shipment_parcel,
    logistics_shipment_product,
    logistics_delivery_number,
    logistics_fba_order,
    logistics_fba_config,
    logistics_printer,
    sys_print_template,
    logistics_label_swap,
    logistics_carrier_label,
    logistics_track_event,
    logistics_track_state,
    logistics_track_mapping,
    logistics_track_subscription,
    logistics_track_delivery,
    logistics_courier,
    logistics_rate_bundle,
    logistics_inbound_parcel,
    logistics_out_package,
    logistics_out_batch,
    logistics_return,
    logistics_return_attachment,
    logistics_return_comment,
    logistics_return_track,
    logistics_return_account,
    wms_location,
    wms_sku,
    wms_stock,
    wms_stock_log,
    wms_forecast,
    wms_forecast_line,
    wms_allocation,
    wms_fee_rate,
    wms_user_fee,
    sys_quartz_job,
    sys_data_source,
    onl_cgreport_head,
    sys_quartz_job_log,
    sys_gateway_route,
    sys_third_account,
    sys_third_login,
    logistics_waybill_batch,
    logistics_waybill_batch_item,
);
