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
        status -> SmallInt,
        create_time -> Timestamp,
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
    }
}

diesel::joinable!(sys_user -> sys_tenant (tenant_id));
diesel::allow_tables_to_appear_in_same_query!(sys_setting, sys_tenant, sys_user);
