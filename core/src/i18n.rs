//! Languages and the message catalogue: every message the rules or the server show a user, in
//! zh-CN and en-US, under a stable snake_case key that clients may translate themselves.

use core::fmt;

use crate::prelude::*;

/// The two languages of the product. English is the fallback whenever nothing else is known.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    ZhCn,
    #[default]
    EnUs,
}

impl Lang {
    /// Reads a language tag as browsers, cookies and JeecgBoot clients write it
    /// (`zh-CN`, `zh_CN`, `zh`, `en-US`, `en_us`, `en`); anything else is unknown.
    pub fn parse(tag: &str) -> Option<Lang> {
        let tag = tag.trim();
        let primary = tag.split(['-', '_']).next().unwrap_or("");
        if primary.eq_ignore_ascii_case("zh") {
            Some(Lang::ZhCn)
        } else if primary.eq_ignore_ascii_case("en") {
            Some(Lang::EnUs)
        } else {
            None
        }
    }

    /// Picks the first supported language of an `Accept-Language` header, honouring q-weights.
    pub fn from_accept_language(header: &str) -> Option<Lang> {
        let mut best: Option<(u16, Lang)> = None;
        for part in header.split(',') {
            let mut pieces = part.split(';');
            let tag = pieces.next().unwrap_or("");
            let quality = pieces.find_map(|p| p.trim().strip_prefix("q=")).map_or(1000, parse_quality);
            if let Some(lang) = Lang::parse(tag)
                && quality > 0
                && best.is_none_or(|(q, _)| quality > q)
            {
                best = Some((quality, lang));
            }
        }
        best.map(|(_, lang)| lang)
    }

    /// The catalogue code used in cookies and headers.
    pub fn code(self) -> &'static str {
        match self {
            Lang::ZhCn => "zh-CN",
            Lang::EnUs => "en-US",
        }
    }
}

/// `q=0.8` as thousandths, so that comparisons need no floats.
fn parse_quality(q: &str) -> u16 {
    let q = q.trim();
    let (whole, frac) = q.split_once('.').unwrap_or((q, ""));
    let whole: u16 = match whole {
        "1" => 1000,
        "0" | "" => 0,
        _ => return 0,
    };
    let mut thousandths = 0u16;
    let mut scale = 100u16;
    for c in frac.chars().take(3) {
        let Some(d) = c.to_digit(10) else { return 0 };
        thousandths += d as u16 * scale;
        scale /= 10;
    }
    (whole + thousandths).min(1000)
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

macro_rules! catalogue {
    // Messages only the server says (`#[server]`) are left out of the browser's build (empty
    // there): the browser shows what the server sent, and the WebAssembly core stays small.
    (@text server $text:literal $key:literal) => {
        if cfg!(target_arch = "wasm32") { "" } else { $text }
    };
    (@text $text:literal $key:literal) => {
        $text
    };
    ($($(#[$marker:ident])? $variant:ident = $key:literal { zh: $zh:literal, en: $en:literal })*) => {
        /// A message of the catalogue. Templates may hold `{field}`, `{max}` and similar
        /// placeholders, filled by [`render`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum MessageKey { $($variant),* }

        impl MessageKey {
            /// Every message, for catalogue checks and exports.
            pub const ALL: &'static [MessageKey] = &[$(MessageKey::$variant),*];

            /// The stable snake_case key clients see in error bodies.
            pub fn key(self) -> &'static str {
                match self { $(MessageKey::$variant => $key),* }
            }

            /// The template in the given language.
            pub fn template(self, lang: Lang) -> &'static str {
                match (self, lang) {
                    $((MessageKey::$variant, Lang::ZhCn) => catalogue!(@text $($marker)? $zh $key),
                      (MessageKey::$variant, Lang::EnUs) => catalogue!(@text $($marker)? $en $key),)*
                }
            }

            /// Finds a message by its key.
            pub fn from_key(key: &str) -> Option<MessageKey> {
                // A scan of the table rather than a match on strings: a few microseconds, and
                // kilobytes less in the browser's build.
                MessageKey::ALL.iter().copied().find(|k| k.key() == key)
            }
        }
    };
}

catalogue! {
    Ok = "ok" { zh: "操作成功！", en: "Operation succeeded!" }
    Required = "required" { zh: "{field}不能为空!", en: "{field} is required!" }
    TooLong = "too_long" { zh: "{field}不能超过{max}个字符!", en: "{field} must not exceed {max} characters!" }
    PasswordPolicy = "password_policy" {
        zh: "密码由8位数字、大小写字母和特殊符号组成!",
        en: "The password must have at least 8 characters mixing digits, upper-case and lower-case letters and special symbols!"
    }
    PasswordTooLong = "password_too_long" { zh: "密码不能超过64个字符!", en: "The password must not exceed 64 characters!" }
    PhoneInvalid = "phone_invalid" { zh: "您的手机号码格式不正确!", en: "Your phone number format is incorrect!" }
    EmailInvalid = "email_invalid" { zh: "邮箱格式不正确!", en: "The e-mail address is not valid!" }
    NumberInvalid = "number_invalid" { zh: "{field}必须是有效的数字!", en: "{field} must be a valid number!" }
    NumberPositive = "number_positive" { zh: "{field}必须大于0!", en: "{field} must be greater than 0!" }
    NumberNotNegative = "number_not_negative" { zh: "{field}不能为负数!", en: "{field} must not be negative!" }
    NumberTooLarge = "number_too_large" { zh: "{field}不能超过{max}!", en: "{field} must not exceed {max}!" }
    NumberTooPrecise = "number_too_precise" {
        zh: "{field}最多保留{scale}位小数!",
        en: "{field} allows at most {scale} decimal places!"
    }
    FieldLength = "field_length" { zh: "长", en: "Length" }
    FieldWidth = "field_width" { zh: "宽", en: "Width" }
    FieldHeight = "field_height" { zh: "高", en: "Height" }
    FieldWeight = "field_weight" { zh: "实重", en: "Actual weight" }
    FieldQuantity = "field_quantity" { zh: "数量", en: "Quantity" }
    FieldParcels = "field_parcels" { zh: "包裹", en: "Parcels" }
    FieldDivisor = "field_divisor" { zh: "抛重系数", en: "Volumetric divisor" }
    FieldIncrement = "field_increment" { zh: "计费重进位", en: "Weight increment" }
    BadRequest = "bad_request" { zh: "请求参数不正确!", en: "The request is not valid!" }
    #[server]
    BadJson = "bad_json" { zh: "请求内容不是有效的JSON: {detail}", en: "The request body is not valid JSON: {detail}" }
    Unauthorized = "unauthorized" { zh: "未授权，请重新登录", en: "Unauthorized, please sign in again" }
    TokenExpired = "token_expired" { zh: "Token失效，请重新登录", en: "Token expired, please sign in again" }
    Forbidden = "forbidden" { zh: "拒绝访问", en: "Access denied" }
    NotFound = "not_found" { zh: "很抱歉，资源未找到!", en: "Sorry, the resource was not found!" }
    #[server]
    MethodNotAllowed = "method_not_allowed" { zh: "不支持该请求方法!", en: "This request method is not supported!" }
    #[server]
    Conflict = "conflict" { zh: "数据已存在或已被他人修改!", en: "The data already exists or was changed by someone else!" }
    #[server]
    PayloadTooLarge = "payload_too_large" { zh: "请求内容过大!", en: "The request body is too large!" }
    TooManyRequests = "too_many_requests" { zh: "请求过于频繁，请稍后再试!", en: "Too many requests, please try again later!" }
    InternalError = "internal_error" { zh: "服务器内部错误，请稍后再试!", en: "Internal server error, please try again later!" }
    ServiceUnavailable = "service_unavailable" { zh: "服务暂不可用，请稍后再试!", en: "The service is temporarily unavailable, please try again later!" }
    GatewayTimeout = "gateway_timeout" { zh: "网络超时", en: "Network timeout" }
    UsernameInvalid = "username_invalid" {
        zh: "用户名须为3-32位字母、数字或 _ . - @，并以字母或数字开头!",
        en: "A username has 3 to 32 letters, digits or _ . - @ and starts with a letter or digit!"
    }
    CountryInvalid = "country_invalid" { zh: "请选择有效的国家/地区!", en: "Choose a valid country or region!" }
    #[server]
    BirthdayInvalid = "birthday_invalid" { zh: "生日格式不正确!", en: "The birthday is not a valid date!" }
    #[server]
    SexInvalid = "sex_invalid" { zh: "性别不正确!", en: "The sex value is not valid!" }
    #[server]
    SmsCodeInvalid = "sms_code_invalid" { zh: "您输入的验证码不正确!", en: "The verification code you entered is incorrect!" }
    SmsCodeFormat = "sms_code_format" { zh: "请输入6位数字验证码!", en: "Enter the 6-digit verification code!" }
    #[server]
    SmsTooFrequent = "sms_too_frequent" { zh: "验证码已发送，请{seconds}秒后再试!", en: "A code was just sent; try again in {seconds} seconds!" }
    #[server]
    SmsSent = "sms_sent" { zh: "验证码已发送，5分钟内有效", en: "The verification code was sent; it is valid for 5 minutes" }
    #[server]
    SmsModeInvalid = "sms_mode_invalid" { zh: "短信类型不正确!", en: "Unknown SMS type!" }
    #[server]
    PhoneNotRegistered = "phone_not_registered" { zh: "该手机号未注册!", en: "This phone number is not registered!" }
    #[server]
    PhoneRegistered = "phone_registered" { zh: "该手机号已注册!", en: "This phone number is already registered!" }
    #[server]
    UsernameTaken = "username_taken" { zh: "用户账号已存在!", en: "This username is already taken!" }
    #[server]
    EmailTaken = "email_taken" { zh: "该邮箱已被使用!", en: "This e-mail address is already in use!" }
    #[server]
    LoginFailed = "login_failed" { zh: "用户名或密码错误!", en: "Incorrect username or password!" }
    #[server]
    LoginOk = "login_ok" { zh: "登录成功", en: "Signed in" }
    #[server]
    LogoutOk = "logout_ok" { zh: "退出登录成功！", en: "Signed out!" }
    #[server]
    AccountFrozen = "account_frozen" { zh: "该用户已冻结!", en: "This account is frozen!" }
    #[server]
    AccountLocked = "account_locked" {
        zh: "登录失败次数过多，账号已锁定，请{minutes}分钟后再试!",
        en: "Too many failed sign-ins: the account is locked, try again in {minutes} minutes!"
    }
    #[server]
    RegisterOk = "register_ok" { zh: "注册成功!", en: "Registration succeeded!" }
    RegisterLinkInvalid = "register_link_invalid" { zh: "该注册链接已失效，请向您的服务商索取新的链接!", en: "This registration link is no longer valid: ask your forwarder for a new one!" }
    OldPasswordRequired = "old_password_required" { zh: "请输入旧密码!", en: "Enter the old password!" }
    NewPasswordRequired = "new_password_required" { zh: "请输入新密码!", en: "Enter the new password!" }
    ConfirmPasswordRequired = "confirm_password_required" { zh: "请确认新密码!", en: "Confirm the new password!" }
    PasswordMismatch = "password_mismatch" { zh: "两次输入的密码不一样！", en: "The two passwords do not match!" }
    #[server]
    OldPasswordWrong = "old_password_wrong" { zh: "旧密码输入错误!", en: "The old password is incorrect!" }
    #[server]
    PasswordChanged = "password_changed" { zh: "密码修改成功!", en: "The password was changed!" }
    NoLoginUser = "no_login_user" { zh: "当前系统无登陆用户!", en: "No user is signed in!" }
    NoDepart = "no_depart" { zh: "您尚未设置部门信息!", en: "You have no department yet!" }
    DepartRequired = "depart_required" { zh: "请选择部门!", en: "Choose a department!" }
    DepartSwitched = "depart_switched" { zh: "部门切换成功!", en: "Department switched!" }
    ProfileSaved = "profile_saved" { zh: "个人信息已保存!", en: "Your profile was saved!" }
    CacheCleared = "cache_cleared" { zh: "刷新缓存完成！", en: "Cache refreshed!" }
    CacheClearFailed = "cache_clear_failed" { zh: "刷新缓存失败！", en: "Refreshing the cache failed!" }
    LoginExpiredTitle = "login_expired_title" { zh: "登录已过期", en: "Sign-in expired" }
    LoginExpiredContent = "login_expired_content" { zh: "很抱歉，登录已过期，请重新登录", en: "Sorry, your sign-in has expired. Please sign in again" }
    SignInAgain = "sign_in_again" { zh: "重新登录", en: "Sign in again" }
    PermissionsNotArray = "permissions_not_array" { zh: "permissions must be a non-null array", en: "permissions must be a non-null array" }
    FileTypeRefused = "file_type_refused" { zh: "不支持的文件类型，仅支持 {types}!", en: "Unsupported file type; allowed: {types}!" }
    FileTooLarge = "file_too_large" { zh: "文件不能超过{max}!", en: "The file must not exceed {max}!" }
    FieldUsername = "field_username" { zh: "用户名", en: "Username" }
    FieldPassword = "field_password" { zh: "密码", en: "Password" }
    FieldRealname = "field_realname" { zh: "姓名", en: "Name" }
    FieldCompanyName = "field_company_name" { zh: "公司名称", en: "Company name" }
    FieldContactPerson = "field_contact_person" { zh: "联系人", en: "Contact person" }
    FieldCountry = "field_country" { zh: "国家/地区", en: "Country/region" }
    FieldAddress = "field_address" { zh: "地址", en: "Address" }
    FieldTaxNumber = "field_tax_number" { zh: "税号", en: "Tax number" }
    FieldPhone = "field_phone" { zh: "手机号", en: "Phone" }
    FieldEmail = "field_email" { zh: "邮箱", en: "E-mail" }
    FieldSmsCode = "field_sms_code" { zh: "验证码", en: "Verification code" }
    #[server]
    Added = "added" { zh: "添加成功！", en: "Added!" }
    #[server]
    Edited = "edited" { zh: "编辑成功!", en: "Saved!" }
    #[server]
    Deleted = "deleted" { zh: "删除成功!", en: "Deleted!" }
    #[server]
    DeletedBatch = "deleted_batch" { zh: "批量删除成功!", en: "The selected items were deleted!" }
    #[server]
    Saved = "saved" { zh: "保存成功！", en: "Saved!" }
    #[server]
    Frozen = "frozen" { zh: "冻结成功!", en: "Frozen!" }
    #[server]
    Unfrozen = "unfrozen" { zh: "解冻成功!", en: "Unfrozen!" }
    #[server]
    PasswordReset = "password_reset" { zh: "密码重置成功!", en: "The password was reset!" }
    #[server]
    DuplicateOk = "duplicate_ok" { zh: "该值可用！", en: "This value is available!" }
    #[server]
    DuplicateTaken = "duplicate_taken" { zh: "该值不可用，系统中已存在！", en: "This value already exists!" }
    #[server]
    DuplicateUnsupported = "duplicate_unsupported" { zh: "不支持校验该表或字段!", en: "This table or field cannot be checked!" }
    CheckRuleUnknown = "check_rule_unknown" { zh: "编码校验规则不存在!", en: "No such coding rule!" }
    RoleCodeInvalid = "role_code_invalid" {
        zh: "角色编码须为2-32位字母、数字或下划线，并以字母开头!",
        en: "A role code has 2 to 32 letters, digits or underscores and starts with a letter!"
    }
    PositionCodeInvalid = "position_code_invalid" {
        zh: "职务编码须为2-32位字母、数字、下划线或短横线，并以字母开头!",
        en: "A position code has 2 to 32 letters, digits, underscores or hyphens and starts with a letter!"
    }
    PermsCodeInvalid = "perms_code_invalid" {
        zh: "授权标识须以字母开头，仅含字母、数字及 _ : . -，最多100个字符!",
        en: "A permission code starts with a letter and has up to 100 letters, digits or _ : . -!"
    }
    WorkNoInvalid = "work_no_invalid" { zh: "工号须为1-32位字母、数字、下划线或短横线!", en: "A staff number has 1 to 32 letters, digits, underscores or hyphens!" }
    DataRuleColumnInvalid = "data_rule_column_invalid" { zh: "规则字段不正确，可选：{columns}!", en: "Unknown rule column; use one of: {columns}!" }
    DataRuleConditionInvalid = "data_rule_condition_invalid" { zh: "规则条件不正确!", en: "The rule condition is not valid!" }
    DataRuleValueInvalid = "data_rule_value_invalid" {
        zh: "规则值不正确（可用变量：#{sys_user_code}、#{sys_user_id}、#{sys_org_code}）!",
        en: "The rule value is not valid (variables: #{sys_user_code}, #{sys_user_id}, #{sys_org_code})!"
    }
    SelectOne = "select_one" { zh: "请选择一条记录", en: "Please select one data" }
    #[server]
    LastAdmin = "last_admin" {
        zh: "不能冻结、删除或取消最后一个管理员!",
        en: "The last active administrator cannot be frozen, deleted or demoted!"
    }
    #[server]
    NotYourself = "not_yourself" { zh: "不能冻结或删除自己!", en: "You cannot freeze or delete yourself!" }
    #[server]
    NotGrantable = "not_grantable" { zh: "不能授予您自己没有的权限!", en: "You cannot grant permissions you do not hold!" }
    #[server]
    RoleBuiltIn = "role_built_in" { zh: "内置角色不能删除或修改编码!", en: "Built-in roles cannot be deleted or recoded!" }
    #[server]
    RoleCodeTaken = "role_code_taken" { zh: "角色编码已存在!", en: "This role code already exists!" }
    #[server]
    DepartHasUsers = "depart_has_users" {
        zh: "该部门或其下级部门存在用户，无法删除!",
        en: "This department or one of its sub-departments has users and cannot be deleted!"
    }
    #[server]
    DepartCodesExhausted = "depart_codes_exhausted" { zh: "该层级的部门编码已用完!", en: "No department codes are left at this level!" }
    #[server]
    DepartParentInvalid = "depart_parent_invalid" {
        zh: "上级部门不能是自己或自己的下级部门!",
        en: "A department cannot be placed under itself or one of its sub-departments!"
    }
    #[server]
    TenantHasUsers = "tenant_has_users" { zh: "该租户下存在用户，无法删除!", en: "This tenant has users and cannot be deleted!" }
    #[server]
    TenantPlatform = "tenant_platform" { zh: "平台租户不能删除或冻结!", en: "The platform tenant cannot be deleted or frozen!" }
    #[server]
    TenantIdTaken = "tenant_id_taken" { zh: "租户编号已存在!", en: "This tenant number already exists!" }
    #[server]
    TenantFrozen = "tenant_frozen" { zh: "该租户已冻结或已过期!", en: "This tenant is frozen or has expired!" }
    #[server]
    DateRangeInvalid = "date_range_invalid" { zh: "结束日期不能早于开始日期!", en: "The end date cannot be before the begin date!" }
    DateInvalid = "date_invalid" { zh: "{field}日期格式不正确!", en: "{field} is not a valid date!" }
    #[server]
    PositionCodeTaken = "position_code_taken" { zh: "职务编码已存在!", en: "This position code already exists!" }
    #[server]
    PermsTaken = "perms_taken" { zh: "授权标识已存在!", en: "This permission code already exists!" }
    #[server]
    MenuParentInvalid = "menu_parent_invalid" { zh: "上级菜单不正确!", en: "The parent menu is not valid!" }
    #[server]
    MenuTypeInvalid = "menu_type_invalid" { zh: "菜单类型不正确!", en: "The menu type is not valid!" }
    #[server]
    UserKindInvalid = "user_kind_invalid" { zh: "用户类型不正确!", en: "The user type is not valid!" }
    #[server]
    StatusInvalid = "status_invalid" { zh: "状态值不正确!", en: "The status value is not valid!" }
    #[server]
    SortColumnInvalid = "sort_column_invalid" { zh: "不支持按该字段排序!", en: "Sorting by this column is not supported!" }
    #[server]
    MainAccountOnly = "main_account_only" { zh: "只有主账号可以管理子账号!", en: "Only a main account can manage sub-accounts!" }
    #[server]
    FieldRoleCode = "field_role_code" { zh: "角色编码", en: "Role code" }
    #[server]
    FieldRoleName = "field_role_name" { zh: "角色名称", en: "Role name" }
    #[server]
    FieldDepartName = "field_depart_name" { zh: "部门名称", en: "Department name" }
    #[server]
    FieldTenantName = "field_tenant_name" { zh: "租户名称", en: "Tenant name" }
    #[server]
    FieldPositionCode = "field_position_code" { zh: "职务编码", en: "Position code" }
    #[server]
    FieldPositionName = "field_position_name" { zh: "职务名称", en: "Position name" }
    #[server]
    FieldMenuName = "field_menu_name" { zh: "菜单名称", en: "Menu name" }
    #[server]
    FieldPerms = "field_perms" { zh: "授权标识", en: "Permission code" }
    #[server]
    FieldUrl = "field_url" { zh: "菜单路径", en: "Menu path" }
    #[server]
    FieldRuleName = "field_rule_name" { zh: "规则名称", en: "Rule name" }
    #[server]
    FieldBeginDate = "field_begin_date" { zh: "开始日期", en: "Begin date" }
    #[server]
    FieldEndDate = "field_end_date" { zh: "结束日期", en: "End date" }
    #[server]
    FieldIds = "field_ids" { zh: "记录", en: "Records" }
    FieldDescription = "field_description" { zh: "描述", en: "Description" }
    FieldCode = "field_code" { zh: "编码", en: "Code" }
    FieldName = "field_name" { zh: "名称", en: "Name" }
    #[server]
    FieldSupplier = "field_supplier" { zh: "物流商", en: "Supplier" }
    CodeInvalid = "code_invalid" {
        zh: "编码须为2-32位字母、数字、下划线或短横线，并以字母开头!",
        en: "A code has 2 to 32 letters, digits, underscores or hyphens and starts with a letter!"
    }
    #[server]
    CodeTaken = "code_taken" { zh: "编码已存在!", en: "This code already exists!" }
    #[server]
    InUse = "in_use" { zh: "已被使用，不能删除!", en: "It is in use and cannot be deleted!" }
    #[server]
    NumberSegmentExhausted = "number_segment_exhausted" { zh: "该渠道的单号已用完!", en: "No tracking numbers are left for this channel!" }
    #[server]
    NumberSegmentRange = "number_segment_range" { zh: "号段的结束号须不小于起始号，且不超过{max}!", en: "The segment must end at or after its start and at most at {max}!" }
    NumberSegmentAffixChars = "number_segment_affix_chars" { zh: "只能是字母和数字，最多 20 位!", en: "Letters and digits only, at most 20!" }
    NumberSegmentS10Prefix = "number_segment_s10_prefix" { zh: "S10 前缀须为 2 位字母!", en: "An S10 prefix is 2 letters!" }
    NumberSegmentS10Suffix = "number_segment_s10_suffix" { zh: "S10 后缀须为 2 位字母的国家代码!", en: "An S10 suffix is a 2-letter country code!" }
    NumberSegmentUpsPrefix = "number_segment_ups_prefix" { zh: "UPS 前缀须为 1Z 开头的 10 位字母或数字!", en: "A UPS prefix is 10 letters or digits starting with 1Z!" }
    NumberSegmentUpsSuffix = "number_segment_ups_suffix" { zh: "UPS 单号没有后缀!", en: "UPS numbers have no suffix!" }
    #[server]
    NumberSegmentInUse = "number_segment_in_use" { zh: "号段已有单号发出，不能删除!", en: "Numbers of this segment were handed out; it cannot be deleted!" }
    #[server]
    FieldChannel = "field_channel" { zh: "渠道", en: "Channel" }
    #[server]
    FieldCheckScheme = "field_check_scheme" { zh: "校验规则", en: "Check scheme" }
    #[server]
    FieldCount = "field_count" { zh: "数量", en: "Count" }
    FieldPostalCode = "field_postal_code" { zh: "邮编", en: "Postal code" }
    #[server]
    FieldTradeType = "field_trade_type" { zh: "贸易类型", en: "Trade type" }
    #[server]
    FieldRateCard = "field_rate_card" { zh: "报价卡", en: "Rate card" }
    #[server]
    FieldCurrency = "field_currency" { zh: "币种", en: "Currency" }
    #[server]
    FieldCustomer = "field_customer" { zh: "客户", en: "Customer" }
    FieldProduct = "field_product" { zh: "渠道产品", en: "Channel product" }
    FieldZone = "field_zone" { zh: "分区", en: "Zone" }
    FieldPrice = "field_price" { zh: "价格", en: "Price" }
    FieldPercent = "field_percent" { zh: "百分比", en: "Percent" }
    FieldAmount = "field_amount" { zh: "金额", en: "Amount" }
    FieldEffectiveFrom = "field_effective_from" { zh: "生效日期", en: "Effective from" }
    PostalRuleInvalid = "postal_rule_invalid" {
        zh: "邮编只能含字母、数字、空格或短横线，前缀以*结尾!",
        en: "A postal code has letters, digits, spaces or hyphens; a prefix ends in *!"
    }
    RuleLimitRequired = "rule_limit_required" { zh: "请填写下限或上限!", en: "Enter a minimum or a maximum!" }
    RuleMinAboveMax = "rule_min_above_max" { zh: "下限不能大于上限!", en: "The minimum cannot be above the maximum!" }
    DivisorInvalid = "divisor_invalid" { zh: "材积除数须为0到1000000之间的整数!", en: "The volumetric divisor is a whole number from 0 to 1,000,000!" }
    CurrencyInvalid = "currency_invalid" { zh: "币种须为3位字母代码（ISO 4217）!", en: "The currency is a 3-letter ISO 4217 code!" }
    CurrencyUnsupported = "currency_unsupported" { zh: "钱包不支持币种{currency}!", en: "The wallet does not hold {currency}!" }
    #[server]
    WalletInsufficient = "wallet_insufficient" { zh: "余额不足!", en: "Insufficient balance!" }
    #[server]
    WalletHoldTaken = "wallet_hold_taken" { zh: "单据{reference}已预扣过，不能重复预扣!", en: "{reference} already has a hold; it cannot be held twice!" }
    #[server]
    WalletHoldNotPending = "wallet_hold_not_pending" { zh: "单据{reference}没有待结算的预扣!", en: "{reference} has no open hold!" }
    #[server]
    WalletFrozen = "wallet_frozen" { zh: "账户已冻结!", en: "The account is frozen!" }
    #[server]
    WalletAmountTooLarge = "wallet_amount_too_large" { zh: "金额超出账户可记录的范围!", en: "The amount is beyond what an account can record!" }
    FieldOutTradeNo = "field_out_trade_no" { zh: "交易流水号", en: "Payment reference" }
    FieldReason = "field_reason" { zh: "原因", en: "Reason" }
    FieldVoucher = "field_voucher" { zh: "付款凭证", en: "Payment voucher" }
    FieldPaymentChannel = "field_payment_channel" { zh: "支付渠道", en: "Payment channel" }
    #[server]
    FieldBalance = "field_balance" { zh: "余额", en: "Balance" }
    #[server]
    FieldHeld = "field_held" { zh: "预扣金额", en: "Held" }
    #[server]
    FieldAvailable = "field_available" { zh: "可用金额", en: "Available" }
    #[server]
    FieldTradeNo = "field_trade_no" { zh: "交易号", en: "Trade number" }
    #[server]
    FieldTradeItem = "field_trade_item" { zh: "交易项目", en: "Trade item" }
    #[server]
    FieldTradeKind = "field_trade_kind" { zh: "交易类型", en: "Transaction type" }
    FieldReference = "field_reference" { zh: "单据号", en: "Reference" }
    #[server]
    FieldState = "field_state" { zh: "状态", en: "Status" }
    #[server]
    FieldTime = "field_time" { zh: "时间", en: "Time" }
    #[server]
    FieldOperator = "field_operator" { zh: "操作人", en: "Operator" }
    FieldRemark = "field_remark" { zh: "备注", en: "Remark" }
    FieldCreditLimit = "field_credit_limit" { zh: "信用额度", en: "Credit limit" }
    #[server]
    RechargeReviewed = "recharge_reviewed" { zh: "该充值单已处理，不能重复审核!", en: "This recharge has already been reviewed!" }
    #[server]
    RechargeTaken = "recharge_taken" { zh: "交易流水号{outTradeNo}已提交过!", en: "Payment reference {outTradeNo} has already been submitted!" }
    #[server]
    RechargeChannelOffline = "recharge_channel_offline" { zh: "该充值单不是在线支付，请等待审核!", en: "This recharge is not an online payment; wait for its review!" }
    #[server]
    IdempotencyInFlight = "idempotency_in_flight" { zh: "相同的请求正在处理中，请稍候!", en: "The same request is still being processed; wait a moment!" }
    #[server]
    IdempotencyMismatch = "idempotency_mismatch" { zh: "该幂等键已用于另一个请求!", en: "This Idempotency-Key was used for a different request!" }
    #[server]
    IdempotencyKeyInvalid = "idempotency_key_invalid" { zh: "Idempotency-Key须为1到64个可见字符!", en: "The Idempotency-Key must be 1 to 64 visible characters!" }
    #[server]
    CallbackRejected = "callback_rejected" { zh: "回调签名无效或已过期!", en: "The callback's signature is invalid or expired!" }
    ZoneUnknown = "zone_unknown" { zh: "分区{zone}未在本报价卡中定义!", en: "Zone {zone} is not defined on this card!" }
    ZoneDuplicate = "zone_duplicate" { zh: "分区编码{zone}重复!", en: "Zone code {zone} appears twice!" }
    BracketInvalid = "bracket_invalid" { zh: "截止重量须大于起始重量!", en: "The upper weight must be above the lower weight!" }
    BracketOverlap = "bracket_overlap" { zh: "与分区{zone}的另一重量段重叠!", en: "It overlaps another weight bracket of zone {zone}!" }
    #[server]
    ImportFailed = "import_failed" { zh: "导入失败：{count}处错误", en: "Import failed: {count} errors" }
    #[server]
    ImportFileInvalid = "import_file_invalid" { zh: "无法读取该Excel文件，请使用导出的模板!", en: "This Excel file cannot be read; start from the exported template!" }
    #[server]
    ImportTooManyRows = "import_too_many_rows" { zh: "文件行数过多：每次最多导入{max}行!", en: "Too many rows: one file holds at most {max} rows!" }
    #[server]
    ImportColumnsUnknown = "import_columns_unknown" { zh: "无法识别的列：{columns}，请使用下载的模板!", en: "Unknown columns: {columns}; start from the downloaded template!" }
    #[server]
    ImportChecked = "import_checked" { zh: "文件检查完成", en: "File checked" }
    #[server]
    ImportStarted = "import_started" { zh: "导入已开始", en: "Import started" }
    #[server]
    ImportStopped = "import_stopped" { zh: "导入中断：已创建{created}单。{reason}", en: "Import stopped after {created} orders. {reason}" }
    #[server]
    ImportParcelReference = "import_parcel_reference" { zh: "包裹参考号", en: "Parcel reference" }
    #[server]
    ImportBoxId = "import_box_id" { zh: "箱号", en: "Box ID" }
    FieldFile = "field_file" { zh: "文件", en: "File" }
    #[server]
    PriceLevelTaken = "price_level_taken" { zh: "该客户已有此渠道产品的价格等级!", en: "This customer already has a level for this product!" }
    #[server]
    RateCardVersionTaken = "rate_card_version_taken" { zh: "该报价卡在此日期已有版本!", en: "This card already has a version from that date!" }
    MarkupInvalid = "markup_invalid" { zh: "加价百分比须在-99.99到1000之间!", en: "The markup percent is from -99.99 to 1000!" }
    QuoteParcel = "quote_parcel" {
        zh: "第{n}件：实重{actual} kg，体积重{volumetric} kg，计费{unit} kg × {quantity}",
        en: "Parcel {n}: actual {actual} kg, volumetric {volumetric} kg, billed {unit} kg × {quantity}"
    }
    QuoteChargeable = "quote_chargeable" { zh: "计费重量{weight} kg（最低{min} kg）", en: "Chargeable weight {weight} kg (minimum {min} kg)" }
    QuoteZone = "quote_zone" { zh: "分区：{zone}", en: "Zone: {zone}" }
    QuoteFreight = "quote_freight" { zh: "运费档（{from}, {to}] kg：{amount}", en: "Freight bracket ({from}, {to}] kg: {amount}" }
    QuoteTradeType = "quote_trade_type" { zh: "该渠道不接受{tradeType}订单", en: "This channel does not take {tradeType} shipments" }
    QuoteSinglePiece = "quote_single_piece" { zh: "该渠道只接受单件包裹", en: "This channel takes single-parcel shipments only" }
    QuoteBelowMin = "quote_below_min" { zh: "{rule}{value}低于下限{min}", en: "{rule} {value} is below the minimum of {min}" }
    QuoteAboveMax = "quote_above_max" { zh: "{rule}{value}超过上限{max}", en: "{rule} {value} is above the maximum of {max}" }
    QuotePostalRefused = "quote_postal_refused" { zh: "邮编{postal}不在服务范围内", en: "Postal code {postal} is not served" }
    QuoteNoZone = "quote_no_zone" { zh: "不派送至{country}", en: "Does not deliver to {country}" }
    QuoteNoPrice = "quote_no_price" { zh: "{zone}区没有{weight} kg的价格", en: "No price for {weight} kg in zone {zone}" }
    QuoteCurrency = "quote_currency" { zh: "该渠道以{currency}计价", en: "This channel is priced in {currency}" }
    QuoteTooLarge = "quote_too_large" { zh: "数值过大，无法计价", en: "The figures are too large to price" }
    RuleWeight = "rule_weight" { zh: "重量", en: "Weight" }
    RuleLongestSide = "rule_longest_side" { zh: "最长边", en: "Longest side" }
    RuleGirth = "rule_girth" { zh: "周长", en: "Girth" }
    RuleDeclaredValue = "rule_declared_value" { zh: "申报价值", en: "Declared value" }
    RulePieces = "rule_pieces" { zh: "件数", en: "Pieces" }
    LineFreight = "line_freight" { zh: "运费", en: "Freight" }
    LineFuel = "line_fuel" { zh: "燃油附加费", en: "Fuel surcharge" }
    LinePerTicket = "line_per_ticket" { zh: "挂号费", en: "Per-shipment fee" }
    LineRemoteArea = "line_remote_area" { zh: "偏远地区附加费", en: "Remote area surcharge" }
    LineOversize = "line_oversize" { zh: "超长超重附加费", en: "Oversize surcharge" }
    LineInsurance = "line_insurance" { zh: "保险费", en: "Insurance" }
    ValueInvalid = "value_invalid" { zh: "{field}的值不正确!", en: "{field} has an invalid value!" }
    DictCodeRequired = "dict_code_required" { zh: "字典Code不能为空!", en: "The dictionary code must not be empty!" }
    DictCodeInvalid = "dict_code_invalid" {
        zh: "字典编码须以字母开头，仅含字母、数字或下划线，最多64个字符!",
        en: "A dictionary code starts with a letter and has up to 64 letters, digits or underscores!"
    }
    #[server]
    DictCodeTaken = "dict_code_taken" { zh: "字典编码已存在!", en: "This dictionary code already exists!" }
    #[server]
    DictSystem = "dict_system" { zh: "系统字典不能删除!", en: "System dictionaries cannot be deleted!" }
    #[server]
    DictItemValueTaken = "dict_item_value_taken" { zh: "该字典下已存在此数据值!", en: "This value already exists in the dictionary!" }
    #[server]
    CacheRefreshed = "cache_refreshed" { zh: "刷新缓存完成！", en: "Cache refreshed!" }
    #[server]
    CategoryHasChildren = "category_has_children" { zh: "请先删除子分类", en: "Delete its sub-categories first" }
    #[server]
    CodesExhausted = "codes_exhausted" { zh: "该层级的编码已用完!", en: "No codes are left at this level!" }
    CountryCodeInvalid = "country_code_invalid" { zh: "国家代码须为2位大写字母（ISO 3166-1）!", en: "A country code is two upper-case letters (ISO 3166-1)!" }
    #[server]
    CountryCodeTaken = "country_code_taken" { zh: "该国家代码已存在!", en: "This country code already exists!" }
    PhonePrefixInvalid = "phone_prefix_invalid" { zh: "电话区号须为+加1-4位数字!", en: "A calling code is + and 1 to 4 digits!" }
    PostalPatternInvalid = "postal_pattern_invalid" {
        zh: "邮编规则不是有效的正则表达式",
        en: "The postal code pattern is not a valid regular expression"
    }
    #[server]
    AnnouncementReleasedLocked = "announcement_released_locked" {
        zh: "已发布的通告请先撤销",
        en: "Revoke a released announcement before editing it"
    }
    #[server]
    AnnouncementAlreadyReleased = "announcement_already_released" { zh: "该通告已发布!", en: "This announcement is already released!" }
    #[server]
    AnnouncementNotReleased = "announcement_not_released" { zh: "该通告未发布，无需撤销!", en: "This announcement is not released!" }
    #[server]
    AnnouncementUsersRequired = "announcement_users_required" { zh: "请选择接收用户!", en: "Choose the users to notify!" }
    #[server]
    OpenPageInvalid = "open_page_invalid" {
        zh: "打开地址须为以 / 开头的页面路径或 http(s) 链接!",
        en: "The page to open must be an app path starting with / or an http(s) link!"
    }
    #[server]
    Released = "released" { zh: "发布成功", en: "Released" }
    #[server]
    Revoked = "revoked" { zh: "撤销成功", en: "Revoked" }
    #[server]
    FieldDictName = "field_dict_name" { zh: "字典名称", en: "Dictionary name" }
    #[server]
    FieldDictCode = "field_dict_code" { zh: "字典编码", en: "Dictionary code" }
    #[server]
    FieldItemText = "field_item_text" { zh: "名称", en: "Item text" }
    #[server]
    FieldItemValue = "field_item_value" { zh: "数据值", en: "Item value" }
    #[server]
    FieldColor = "field_color" { zh: "颜色", en: "Colour" }
    #[server]
    FieldCategoryName = "field_category_name" { zh: "分类名称", en: "Category name" }
    #[server]
    FieldNameZh = "field_name_zh" { zh: "中文名称", en: "Chinese name" }
    #[server]
    FieldNameEn = "field_name_en" { zh: "英文名称", en: "English name" }
    #[server]
    FieldTitle = "field_title" { zh: "标题", en: "Title" }
    FieldContent = "field_content" { zh: "内容", en: "Content" }
    #[server]
    FieldPriority = "field_priority" { zh: "优先级", en: "Priority" }
    #[server]
    FieldMsgCategory = "field_msg_category" { zh: "消息类型", en: "Message category" }
    #[server]
    FieldMsgType = "field_msg_type" { zh: "通告对象", en: "Recipients" }
    #[server]
    FieldOpenType = "field_open_type" { zh: "打开方式", en: "Open as" }
    #[server]
    FieldStartTime = "field_start_time" { zh: "开始时间", en: "Start time" }
    #[server]
    FieldEndTime = "field_end_time" { zh: "结束时间", en: "End time" }
    #[server]
    FieldSender = "field_sender" { zh: "发布人", en: "Sender" }
    #[server]
    FieldPath = "field_path" { zh: "页面路径", en: "Page path" }
    // Shipment orders (`shipment`): labels and rules the form shows as the user types.
    FieldConsignee = "field_consignee" { zh: "收件人", en: "Consignee" }
    FieldCompany = "field_company" { zh: "公司", en: "Company" }
    FieldProvince = "field_state_province" { zh: "省/州", en: "State/province" }
    FieldCity = "field_city" { zh: "城市", en: "City" }
    FieldStreet = "field_street" { zh: "街道", en: "Street" }
    FieldHouse = "field_house" { zh: "门牌号", en: "House number" }
    FieldAddress2 = "field_address2" { zh: "地址2", en: "Address line 2" }
    FieldShipmentType = "field_shipment_type" { zh: "订单类型", en: "Order type" }
    FieldFbaCode = "field_fba_code" { zh: "FBA编号", en: "FBA shipment ID" }
    FieldPoCode = "field_po_code" { zh: "亚马逊参考编号", en: "Amazon reference ID" }
    FieldDepot = "field_depot" { zh: "仓库", en: "Depot" }
    FieldCustomerCode = "field_customer_code" { zh: "客户单号", en: "Customer reference" }
    FieldSku = "field_sku" { zh: "SKU", en: "SKU" }
    FieldHsCode = "field_hs_code" { zh: "海关编码", en: "HS code" }
    FieldDeclaredNameZh = "field_declared_name_zh" { zh: "中文品名", en: "Chinese description" }
    FieldDeclaredNameEn = "field_declared_name_en" { zh: "英文品名", en: "English description" }
    FieldMaterial = "field_material" { zh: "材质", en: "Material" }
    FieldUsage = "field_usage" { zh: "用途", en: "Usage" }
    FieldBrand = "field_brand" { zh: "品牌", en: "Brand" }
    FieldModel = "field_model" { zh: "型号", en: "Model" }
    FieldLink = "field_link" { zh: "链接", en: "Link" }
    FieldUnitPrice = "field_unit_price" { zh: "申报单价", en: "Unit value" }
    FieldUnitWeight = "field_unit_weight" { zh: "单件重量", en: "Unit weight" }
    FieldUnit = "field_unit" { zh: "单位", en: "Unit" }
    FieldProducts = "field_products" { zh: "申报品名", en: "Declared goods" }
    FieldSerialNumber = "field_serial_number" { zh: "系统单号", en: "Order number" }
    FieldPrintStatus = "field_print_status" { zh: "打印状态", en: "Print status" }
    FieldSysTrackNo = "field_sys_track_no" { zh: "系统跟踪号", en: "System tracking number" }
    FieldTrackNo = "field_track_no" { zh: "跟踪号", en: "Tracking number" }
    FieldPieces = "field_pieces" { zh: "件数", en: "Pieces" }
    FieldWeightKg = "field_weight_kg" { zh: "重量(kg)", en: "Weight (kg)" }
    FieldDeductAmount = "field_deduct_amount" { zh: "预扣费用", en: "Withheld charge" }
    FieldShipper = "field_shipper" { zh: "发件人", en: "Shipper" }
    FieldDepotType = "field_depot_type" { zh: "仓库类型", en: "Depot type" }
    FieldBatchNo = "field_batch_no" { zh: "批次号", en: "Batch number" }
    FieldFbaShipmentId = "field_fba_shipment_id" { zh: "亚马逊货件编号", en: "Amazon shipment ID" }
    FieldPallets = "field_pallets" { zh: "托盘数", en: "Pallets" }
    FbaPiecesExceed = "fba_pieces_exceed" {
        zh: "各货件件数合计{total}，超过订单的{pieces}件!",
        en: "The shipment IDs hold {total} pieces together, more than the order's {pieces}!"
    }
    #[server]
    FieldPredictBatch = "field_predict_batch" { zh: "预报批次", en: "Predict batch" }
    #[server]
    FieldParcel = "field_parcel" { zh: "包裹", en: "Parcel" }
    #[server]
    FieldThirdId = "field_third_id" { zh: "承运商编号", en: "Carrier's ID" }
    #[server]
    FieldOrders = "field_orders" { zh: "订单数", en: "Orders" }
    #[server]
    FieldExpectTime = "field_expect_time" { zh: "预约送仓时间", en: "Booked delivery" }
    #[server]
    FieldRealTime = "field_real_time" { zh: "实际送达时间", en: "Delivered at" }
    #[server]
    FieldPod = "field_pod" { zh: "签收证明(POD)", en: "Proof of delivery (POD)" }
    #[server]
    BatchNoTaken = "batch_no_taken" { zh: "批次号已存在!", en: "This batch number is already used!" }
    #[server]
    FbaOrderInoperable = "fba_order_inoperable" {
        zh: "订单{value}已取消，不能再修改送仓信息!",
        en: "The order {value} is cancelled: its delivery to Amazon can no longer be changed!"
    }
    #[server]
    RealTimeFuture = "real_time_future" { zh: "实际送达时间不能晚于现在!", en: "The delivery time cannot be in the future!" }
    #[server]
    CustomerCodeTaken = "customer_code_taken" { zh: "客户单号已存在!", en: "This customer reference is already used!" }
    #[server]
    ShipmentInsufficient = "shipment_insufficient" {
        zh: "余额不足：本单需预扣{amount} {currency}，请先充值!",
        en: "Insufficient balance: this order needs {amount} {currency}; please recharge first!"
    }
    #[server]
    ShipmentPriceChanged = "shipment_price_changed" {
        zh: "价格已更新，本单现需{amount} {currency}，请确认后重新提交!",
        en: "Prices have changed: this order now costs {amount} {currency}; confirm and submit again!"
    }
    #[server]
    ShipmentNotQuotable = "shipment_not_quotable" { zh: "该渠道产品不能承运本单：{reason}", en: "This channel product cannot take the order: {reason}" }
    ShipmentTypeInvalid = "shipment_type_invalid" { zh: "订单类型须为 B2B、B2C、FBA 或 WMS!", en: "The order type is B2B, B2C, FBA or WMS!" }
    ConsigneePhoneInvalid = "consignee_phone_invalid" {
        zh: "电话须为5到20位数字，可含 + - ( ) 和空格!",
        en: "A phone number has 5 to 20 digits and may contain + - ( ) and spaces!"
    }
    PostalCodeMismatch = "postal_code_mismatch" { zh: "邮编{value}不符合{country}的邮编格式!", en: "The postal code {value} does not fit {country}'s format!" }
    TaxNumberBrazil = "tax_number_brazil" {
        zh: "巴西收件人须提供有效的CPF（11位）或CNPJ（14位）税号!",
        en: "Brazil needs a valid CPF (11 digits) or CNPJ (14 digits) tax number!"
    }
    HsCodeInvalid = "hs_code_invalid" { zh: "海关编码须为6到10位数字!", en: "An HS code has 6 to 10 digits!" }
    FbaCodeInvalid = "fba_code_invalid" { zh: "FBA编号格式不正确（如 FBA15ABCDE12）!", en: "An FBA shipment ID looks like FBA15ABCDE12!" }
    FbaBoxInvalid = "fba_box_invalid" {
        zh: "箱号须为FBA编号后接U和6位数字（如 {example}）!",
        en: "A box ID is the FBA shipment ID, U and 6 digits (like {example})!"
    }
    PoCodeInvalid = "po_code_invalid" { zh: "亚马逊参考编号须为8位字母或数字!", en: "An Amazon reference ID has 8 letters or digits!" }
    ReferenceRepeated = "reference_repeated" { zh: "参考号{value}重复!", en: "The reference {value} is used twice!" }
    ProductsRequired = "products_required" { zh: "至少填写一个申报品名!", en: "Declare at least one item!" }
    TooMany = "too_many" { zh: "{field}最多{max}个!", en: "{field}: at most {max}!" }
    WholeNumberRange = "whole_number_range" { zh: "{field}须为{min}到{max}的整数!", en: "{field} must be a whole number from {min} to {max}!" }
    LinkInvalid = "link_invalid" { zh: "链接须以 http:// 或 https:// 开头!", en: "A link starts with http:// or https://!" }
    // Labels (`label`): the print centre's template check and the label calls.
    FieldPrinterName = "field_printer_name" { zh: "打印机名称", en: "Printer name" }
    FieldPaperFormat = "field_paper_format" { zh: "纸张格式", en: "Paper format" }
    FieldOutputFormat = "field_output_format" { zh: "输出格式", en: "Output format" }
    FieldDpi = "field_dpi" { zh: "分辨率（dpi）", en: "Resolution (dpi)" }
    FieldWidthMm = "field_width_mm" { zh: "宽（mm）", en: "Width (mm)" }
    FieldHeightMm = "field_height_mm" { zh: "高（mm）", en: "Height (mm)" }
    FieldTemplateName = "field_template_name" { zh: "模板名称", en: "Template name" }
    FieldLabelSize = "field_label_size" { zh: "标签尺寸", en: "Label size" }
    PrinterNameTaken = "printer_name_taken" { zh: "已有同名打印机!", en: "You already have a printer of this name!" }
    #[server]
    LabelTemplateInvalid = "label_template_invalid" { zh: "模板内容不是有效的 JSON!", en: "The template content is not valid JSON!" }
    LabelSizeInvalid = "label_size_invalid" { zh: "标签尺寸须为 100x150、100x100 或 A4!", en: "The label size is 100x150, 100x100 or A4!" }
    LabelTooManyElements = "label_too_many_elements" { zh: "一个模板最多{max}个元素!", en: "A template holds at most {max} elements!" }
    LabelElementKind = "label_element_kind" { zh: "第{index}个元素的类型或对齐方式无效!", en: "Element {index}: unknown kind or alignment!" }
    LabelElementOutside = "label_element_outside" { zh: "第{index}个元素超出了标签范围（位置以毫米计，最多一位小数）!", en: "Element {index} lies outside the label (millimetres, at most one decimal place)!" }
    LabelElementEmpty = "label_element_empty" { zh: "第{index}个元素没有大小或内容!", en: "Element {index} has no size or nothing to show!" }
    LabelUnknownField = "label_unknown_field" { zh: "第{index}个元素引用了未知字段：{name}!", en: "Element {index} refers to an unknown field: {name}!" }
    LabelFontSize = "label_font_size" { zh: "字号须在{min}到{max}磅之间!", en: "The font size is between {min} and {max} pt!" }
    #[server]
    LabelDpiInvalid = "label_dpi_invalid" { zh: "打印分辨率须为 203 或 300 dpi!", en: "The print resolution is 203 or 300 dpi!" }
    #[server]
    LabelFormatInvalid = "label_format_invalid" { zh: "标签格式须为 PDF 或 ZPL!", en: "The label format is PDF or ZPL!" }
    #[server]
    LabelNoNumber = "label_no_number" { zh: "{serial}：尚无跟踪号，不能打印标签!", en: "{serial}: no tracking number yet; no label can be printed!" }
    #[server]
    LabelBarcodeInvalid = "label_barcode_invalid" { zh: "{serial}：跟踪号 {number} 不能编为条码（只能含英文字母、数字和符号）!", en: "{serial}: the tracking number {number} cannot be a barcode (letters, digits and symbols only)!" }
    #[server]
    LabelSwapUnknown = "label_swap_unknown" { zh: "找不到跟踪号 {number} 的包裹!", en: "No parcel has the tracking number {number}!" }
    LabelSwapCheckDigit = "label_swap_check_digit" { zh: "跟踪号 {number} 的校验位不正确，请重新扫描!", en: "The check digit of {number} is wrong: please scan again!" }
    #[server]
    LabelNothing = "label_nothing" { zh: "没有可打印的标签：{reason}", en: "No label could be made: {reason}" }
    #[server]
    LabelFontMissing = "label_font_missing" { zh: "服务器未安装中文字体，不能生成标签，请联系管理员!", en: "No CJK font is installed on the server; labels cannot be made. Please contact the administrator!" }
    #[server]
    LabelCarrierNoAdapter = "label_carrier_no_adapter" { zh: "{serial}：面单由承运商提供，但承运商“{carrier}”没有面单接口，请上传面单!", en: "{serial}: the carrier supplies this label but carrier {carrier} has no label interface: upload the label!" }
    #[server]
    LabelCarrierFailed = "label_carrier_failed" { zh: "{serial}：承运商未能出单：{reason}", en: "{serial}: the carrier could not make the label: {reason}" }
    #[server]
    LabelUploadMissing = "label_upload_missing" { zh: "{serial}：面单由承运商提供，请先上传面单!", en: "{serial}: the carrier supplies this label: upload it first!" }
    #[server]
    LabelCarrierPdfOnly = "label_carrier_pdf_only" { zh: "{serial}：承运商面单为 PDF，请以 PDF 打印!", en: "{serial}: the carrier's label is a PDF: print it as PDF!" }
    #[server]
    LabelNotCarrier = "label_not_carrier" { zh: "{serial}：此订单的面单由系统生成，无需上传!", en: "{serial}: this order's labels are drawn by the system; nothing to upload!" }
    #[server]
    LabelPdfInvalid = "label_pdf_invalid" { zh: "面单文件不是有效的 PDF!", en: "The label file is not a valid PDF!" }
    TrackNumbersRequired = "track_numbers_required" { zh: "请输入快递单号!", en: "Enter the courier numbers!" }
    TrackTooMany = "track_too_many" { zh: "每次最多查询{max}个单号!", en: "At most {max} numbers per query!" }
    TrackNumberInvalid = "track_number_invalid" { zh: "单号“{number}”无效：只能含英文字母、数字、“-”和“_”，最长 50 位!", en: "{number} is not a tracking number: letters, digits, - and _ only, at most 50!" }
    TrackTimeInvalid = "track_time_invalid" { zh: "时间“{value}”无效：应为 yyyy-MM-dd HH:mm:ss，可带时区如 +08:00!", en: "{value} is not a time: write yyyy-MM-dd HH:mm:ss, with an offset such as +08:00 where needed!" }
    #[server]
    TrackNumberUnknown = "track_number_unknown" { zh: "没有单号为{number}的订单!", en: "No order has the number {number}!" }
    TrackStatusInvalid = "track_status_invalid" { zh: "轨迹状态“{value}”无效!", en: "{value} is not a tracking status!" }
    TrackSourceInvalid = "track_source_invalid" { zh: "来源只能含英文字母、数字和“_”，最长 32 位!", en: "The source takes letters, digits and _ only, at most 32!" }
    #[server]
    TrackMappingTaken = "track_mapping_taken" { zh: "该来源的事件代码{code}已有映射!", en: "The source already maps the code {code}!" }
    #[server]
    TrackWebhookRejected = "track_webhook_rejected" { zh: "轨迹推送签名无效或已过期!", en: "The tracking webhook's signature is invalid or expired!" }
    #[server]
    TrackWebhookTooMany = "track_webhook_too_many" { zh: "每次推送最多{max}条轨迹!", en: "At most {max} events per delivery!" }
    #[server]
    TrackUploadEmpty = "track_upload_empty" { zh: "文件中没有轨迹行!", en: "The file holds no tracking rows!" }
    FieldTrackStatus = "field_track_status" { zh: "轨迹状态", en: "Tracking status" }
    #[server]
    TrackUploadColumnMissing = "track_upload_column_missing" { zh: "文件缺少列：{column}!", en: "The file has no {column} column!" }
    #[server]
    TrackUploadUnreadable = "track_upload_unreadable" { zh: "无法读取该文件：请上传UTF-8编码的CSV或xlsx文件!", en: "This file cannot be read: upload a CSV (UTF-8) or xlsx file!" }
    TrackWebhookUrlInvalid = "track_webhook_url_invalid" { zh: "推送地址须为 http:// 或 https:// 开头的网址，最长500个字符!", en: "The webhook URL must start with http:// or https://, at most 500 characters!" }
    FieldTrackWebhookUrl = "field_track_webhook_url" { zh: "推送地址", en: "Webhook URL" }
    FieldTrackCode = "field_track_code" { zh: "事件代码", en: "Event code" }
    FieldTrackLocation = "field_track_location" { zh: "地点", en: "Location" }
    FieldTrackDetail = "field_track_detail" { zh: "轨迹描述", en: "Detail" }
    FieldTrackSource = "field_track_source" { zh: "来源", en: "Source" }
    CourierTrackUrlInvalid = "courier_track_url_invalid" { zh: "查询网址须为 http:// 或 https:// 开头、含 {number} 的网址，最长500个字符!", en: "The tracking page must be an http:// or https:// address holding {number}, at most 500 characters!" }
    CourierPatternInvalid = "courier_pattern_invalid" { zh: "单号规则不是有效的正则表达式（最长200个字符）!", en: "The number pattern is not a valid regular expression (at most 200 characters)!" }
    CourierCheckDigitInvalid = "courier_check_digit_invalid" { zh: "校验位规则只能是 s10、ups、mod7 或留空!", en: "The check digit is s10, ups, mod7 or empty!" }
    CourierCodeTaken = "courier_code_taken" { zh: "该快递公司编码已存在!", en: "This courier code already exists!" }
    FieldCourierTrackUrl = "field_courier_track_url" { zh: "查询网址", en: "Tracking page" }
    FieldCourierPattern = "field_courier_pattern" { zh: "单号规则", en: "Number pattern" }
    FieldWebsite = "field_website" { zh: "官网", en: "Website" }
    CourierWebsiteInvalid = "courier_website_invalid" { zh: "官网须为 http:// 或 https:// 开头的网址，最长200个字符!", en: "The website must start with http:// or https://, at most 200 characters!" }
    TrackRateLimited = "track_rate_limited" { zh: "查询过于频繁：每10分钟最多查询{max}次，请{seconds}秒后再试!", en: "Too many queries: at most {max} every 10 minutes. Try again in {seconds} seconds!" }
    SelectionInoperable = "selection_inoperable" {
        zh: "选项中包含不可操作的选项，请移除后再操作：{names}",
        en: "the options contain inoperable options, please remove them before operating: {names}"
    }
    #[server]
    FieldBulky = "field_bulky" { zh: "体积重", en: "Volume weight" }
    #[server]
    FieldDeclaredWeight = "field_declared_weight" { zh: "申报重量", en: "Declared weight" }
    #[server]
    FieldReweigh = "field_reweigh" { zh: "复重差额", en: "Re-weigh adjustment" }
    #[server]
    FieldScannedNo = "field_scanned_no" { zh: "扫描单号", en: "Scanned number" }
    DayInvalid = "day_invalid" { zh: "日期须为 YYYY-MM-DD 格式的有效日期!", en: "Enter a real date as YYYY-MM-DD!" }
    PickupWindowInvalid = "pickup_window_invalid" { zh: "揽收时段须为 HH:MM-HH:MM，且开始早于结束!", en: "Enter the pickup window as HH:MM-HH:MM, the start before the end!" }
    TransitDaysInvalid = "transit_days_invalid" { zh: "时效天数须在 0 到 {max} 之间!", en: "Days in transit must be between 0 and {max}!" }
    TransitDaysOrder = "transit_days_order" { zh: "最长时效不能小于最短时效!", en: "The most days in transit cannot be fewer than the fewest!" }
    #[server]
    DispatchRequested = "dispatch_requested" { zh: "已向承运商预约揽收，请勿重复预约!", en: "The pickup is already requested from the carrier!" }
    #[server]
    DispatchPickedUp = "dispatch_picked_up" { zh: "承运商已揽收，只能关闭到出货清单!", en: "The carrier has collected: the dispatch can only be closed into its manifest!" }
    #[server]
    DispatchManifested = "dispatch_manifested" { zh: "交运单已关闭到出货清单 {manifest}，不能再修改!", en: "The dispatch is closed into manifest {manifest}: it can no longer change!" }
    #[server]
    DispatchCancelled = "dispatch_cancelled" { zh: "交运单已取消!", en: "The dispatch is cancelled!" }
    #[server]
    DispatchNotSubmitted = "dispatch_not_submitted" { zh: "订单 {serial} 尚未提交，不能交运!", en: "Order {serial} is not submitted yet: it cannot be dispatched!" }
    #[server]
    DispatchOrderClosed = "dispatch_order_closed" { zh: "订单 {serial} 已在途或已结束，不能交运!", en: "Order {serial} is already in transit or closed: it cannot be dispatched!" }
    #[server]
    DispatchWrongCarrier = "dispatch_wrong_carrier" { zh: "订单 {serial} 不走承运商 {carrier} 的渠道，不能交给它!", en: "Order {serial} does not ship with {carrier}: it cannot be handed to that carrier!" }
    #[server]
    DispatchCarrierFixed = "dispatch_carrier_fixed" { zh: "交运单 {dispatch} 中已有订单，不能更换承运商!", en: "Dispatch {dispatch} holds orders: its carrier cannot change!" }
    #[server]
    DispatchTaken = "dispatch_taken" { zh: "订单 {serial} 已在交运单 {dispatch} 中!", en: "Order {serial} is already in dispatch {dispatch}!" }
    #[server]
    DispatchNothing = "dispatch_nothing" { zh: "请选择要交运的订单或出库批次!", en: "Choose the orders or outbound batches to dispatch!" }
    #[server]
    DispatchTooMany = "dispatch_too_many" { zh: "一次最多交运 {max} 个订单!", en: "At most {max} orders at a time!" }
    #[server]
    DispatchEmpty = "dispatch_empty" { zh: "交运单 {dispatch} 中没有订单!", en: "Dispatch {dispatch} holds no orders!" }
    #[server]
    DispatchNotInIt = "dispatch_not_in_it" { zh: "订单 {serial} 不在交运单 {dispatch} 中!", en: "Order {serial} is not in dispatch {dispatch}!" }
    #[server]
    DispatchUnknownOrder = "dispatch_unknown_order" { zh: "找不到订单 {serial}!", en: "No order {serial}!" }
    #[server]
    DepotNotUsable = "depot_not_usable" { zh: "仓库 {depot} 已停用或不属于承运商 {carrier}!", en: "Depot {depot} is stopped or is not {carrier}'s!" }
    #[server]
    HandoverNeedsCarrier = "handover_needs_carrier" { zh: "交接点须选择所属承运商!", en: "A hand-over point needs its carrier!" }
    #[server]
    ManifestDayClosed = "manifest_day_closed" { zh: "{carrier} 在 {depot} 的 {date} 出货清单已关闭（{manifest}），请选择其他日期!", en: "{carrier}'s manifest for {date} at {depot} is closed ({manifest}): choose another day!" }
    #[server]
    ManifestNothing = "manifest_nothing" { zh: "{carrier} 在 {depot} 的 {date} 没有可关闭的交运单!", en: "{carrier} has no dispatch to close for {date} at {depot}!" }
    #[server]
    CarrierRefused = "carrier_refused" { zh: "承运商拒绝了请求：{reason}", en: "The carrier refused: {reason}" }
    #[server]
    ServiceWrongSupplier = "service_wrong_supplier" { zh: "所选服务不属于该渠道的物流商!", en: "The service is not the channel's supplier's!" }
    #[server]
    CredentialsInvalid = "credentials_invalid" { zh: "账号参数须为 JSON 对象，键和值都是文字（最多 20 项）!", en: "Credentials must be a JSON object of text keys and text values (at most 20)!" }
    #[server]
    NumberVoided = "number_voided" { zh: "单号 {number} 已作废!", en: "Number {number} is void already!" }
    #[server]
    NumberOrderLive = "number_order_live" { zh: "单号 {number} 的订单 {serial} 未取消，不能作废!", en: "Order {serial} of number {number} is not cancelled: the number cannot be voided!" }
    #[server]
    NumberInDispatch = "number_in_dispatch" { zh: "单号 {number} 的订单已交运，不能作废!", en: "Number {number}'s order is dispatched: the number cannot be voided!" }
    #[server]
    FieldRowNo = "field_row_no" { zh: "序号", en: "No." }
    #[server]
    FieldDispatchNo = "field_dispatch_no" { zh: "交运单号", en: "Dispatch number" }
    #[server]
    FieldManifestNo = "field_manifest_no" { zh: "清单号", en: "Manifest number" }
    #[server]
    FieldService = "field_service" { zh: "服务", en: "Service" }
    #[server]
    FieldDestination = "field_destination" { zh: "目的地", en: "Destination" }
    #[server]
    FieldPickupDate = "field_pickup_date" { zh: "揽收日期", en: "Pickup date" }
    #[server]
    FieldPickupWindow = "field_pickup_window" { zh: "揽收时段", en: "Pickup window" }
    #[server]
    FieldCarrierRef = "field_carrier_ref" { zh: "承运商确认号", en: "Carrier reference" }
    #[server]
    FieldClosedTime = "field_closed_time" { zh: "关闭时间", en: "Closed at" }
    #[server]
    FieldServiceType = "field_service_type" { zh: "服务类型", en: "Service type" }
    #[server]
    FieldVoidReason = "field_void_reason" { zh: "作废原因", en: "Reason for voiding" }
    #[server]
    FieldCarrierCost = "field_carrier_cost" { zh: "承运商成本", en: "Carrier cost" }
    #[server]
    FieldCharged = "field_charged" { zh: "客户收费", en: "Charged" }
    #[server]
    FieldMargin = "field_margin" { zh: "毛利", en: "Margin" }
    #[server]
    FieldMarginRate = "field_margin_rate" { zh: "毛利率", en: "Margin rate" }
    #[server]
    FeeExists = "fee_exists" { zh: "该订单已有承运商费用，请编辑它!", en: "The order has a carrier fee already: edit it!" }
    #[server]
    ManifestTitle = "manifest_title" { zh: "出货清单", en: "Carrier manifest" }
    #[server]
    ManifestTotals = "manifest_totals" { zh: "合计：交运单 {dispatches} 个，订单 {shipments} 票，{pieces} 件，{weight} kg", en: "Total: {dispatches} dispatches, {shipments} orders, {pieces} pieces, {weight} kg" }
    #[server]
    ManifestHandedBy = "manifest_handed_by" { zh: "交货人签字 / 日期", en: "Handed over by (signature, date)" }
    #[server]
    ManifestReceivedBy = "manifest_received_by" { zh: "承运商签收 / 日期", en: "Received by the carrier (signature, date)" }
    #[server]
    ManifestPage = "manifest_page" { zh: "第 {page} / {pages} 页", en: "Page {page} of {pages}" }
    PackageNoRequired = "package_no_required" { zh: "包号不能为空!", en: "package number required" }
    PackageNotFound = "package_not_found" { zh: "未找到包裹，请检查包号是否正确!", en: "no package found, please check whether the package number is correct" }
    PackageHasBatch = "package_has_batch" { zh: "包裹已有批次，不能重复操作!", en: "package has batch can't repeat operation" }
    NoPackage = "no_package" { zh: "没有包裹!", en: "no package" }
    PackageMismatch = "package_mismatch" {
        zh: "包裹 {parcel} 的渠道、国家、仓库或运输方式与包 {package} 不同，不能装入!",
        en: "Parcel {parcel} differs from package {package} in channel, country, depot or transport type: it cannot go in!"
    }
    ParcelPacked = "parcel_packed" { zh: "包裹 {parcel} 已装入包 {package}!", en: "Parcel {parcel} is already in package {package}!" }
    ParcelNotPacked = "parcel_not_packed" { zh: "包裹 {parcel} 不在任何包中!", en: "Parcel {parcel} is in no package!" }
    ParcelNotReceived = "parcel_not_received" { zh: "包裹 {parcel} 尚未入库，不能分拣!", en: "Parcel {parcel} has not been received: it cannot be sorted!" }
    BatchHanded = "batch_handed" { zh: "批次 {batch} 已交接，不能再修改!", en: "Batch {batch} is handed over: it can no longer change!" }
    #[server]
    PackageNotEmpty = "package_not_empty" { zh: "包 {package} 中还有包裹，不能删除!", en: "Package {package} still holds parcels: it cannot be deleted!" }
    #[server]
    BatchNotEmpty = "batch_not_empty" { zh: "批次 {batch} 中还有包，不能删除!", en: "Batch {batch} still holds packages: it cannot be deleted!" }
    #[server]
    FieldPackageNo = "field_package_no" { zh: "包号", en: "Package number" }
    #[server]
    FieldTransportType = "field_transport_type" { zh: "运输方式", en: "Transport type" }
    #[server]
    EventPacked = "event_packed" { zh: "已分拣装包，包号 {package}", en: "Sorted into package {package}" }
    #[server]
    EventOutbound = "event_outbound" { zh: "已出库交承运商，批次 {batch}", en: "Handed to the carrier, batch {batch}" }
    InboundNumberRequired = "inbound_number_required" { zh: "请扫描或输入包裹单号!", en: "Scan or enter the parcel's number!" }
    InboundDimensionsPartial = "inbound_dimensions_partial" { zh: "长、宽、高须同时填写或都不填!", en: "Enter length, width and height together, or none of them!" }
    #[server]
    InboundUnknown = "inbound_unknown" { zh: "找不到单号为 {number} 的包裹!", en: "No parcel has the number {number}!" }
    #[server]
    InboundAmbiguous = "inbound_ambiguous" { zh: "单号 {number} 对应多个包裹，请扫描包裹的系统跟踪号!", en: "{number} names several parcels: scan the parcel's system tracking number!" }
    InboundAlreadyReceived = "inbound_already_received" { zh: "包裹 {parcel}（订单 {serial}）已入库，请勿重复扫描!", en: "Parcel {parcel} of order {serial} is already received: no need to scan it again!" }
    InboundCancelled = "inbound_cancelled" { zh: "订单 {serial} 已取消，请将包裹放入问题件区!", en: "Order {serial} is cancelled: put the parcel aside with the problem parcels!" }
    InboundNotSubmitted = "inbound_not_submitted" { zh: "订单 {serial} 尚未提交，不能入库!", en: "Order {serial} is not submitted yet: it cannot be received!" }
    #[server]
    InboundShort = "inbound_short" {
        zh: "复重后本单需 {amount} {currency}，客户余额不足，包裹未入库：请通知客户充值后重新扫描!",
        en: "Re-weighed, the order costs {amount} {currency}, more than the customer can pay: the parcel is not received. Ask the customer to recharge, then scan again!"
    }
    #[server]
    InboundHoldGone = "inbound_hold_gone" { zh: "订单 {serial} 的预扣款已失效，不能结算，请联系财务!", en: "Order {serial}'s hold is no longer open: it cannot be settled. Contact finance!" }
    #[server]
    InboundPartlyReceived = "inbound_partly_received" { zh: "订单 {serial} 已有包裹入库，不能取消!", en: "Parcels of order {serial} are already received: it can no longer be cancelled!" }
    ReturnStaffOnly = "return_staff_only" { zh: "此操作仅限客服或仓库人员!", en: "Only staff may do this to a return!" }
    ReturnActionRefused = "return_action_refused" { zh: "退件当前状态不允许此操作!", en: "The return's status does not allow this!" }
    ReturnOptionInvalid = "return_option_invalid" { zh: "{field}的取值 {value} 不正确!", en: "{value} is not a valid {field}!" }
    ReturnNumberRequired = "return_number_required" { zh: "请扫描或输入订单号或包裹单号!", en: "Scan or enter the order's or the parcel's number!" }
    ReturnDetailRequired = "return_detail_required" { zh: "原因为“其他”时请填写说明!", en: "Describe the reason when it is “other”!" }
    ReturnConditionNote = "return_condition_note" { zh: "包裹不完好时请写明情况!", en: "Describe what is wrong when the parcel is not intact!" }
    FieldDecision = "field_decision" { zh: "处理方式", en: "Decision" }
    FieldCondition = "field_condition" { zh: "包裹状况", en: "Condition" }
    FieldAccountKind = "field_account_kind" { zh: "款项", en: "Item" }
    #[server]
    ReturnUnknown = "return_unknown" { zh: "找不到单号为 {number} 的已发货订单或包裹!", en: "No shipped order or parcel has the number {number}!" }
    #[server]
    ReturnOpenAlready = "return_open_already" { zh: "该包裹已有未结束的退件 {returnNo}!", en: "This parcel already has an open return, {returnNo}!" }
    #[server]
    ReturnNotShipped = "return_not_shipped" { zh: "订单 {serial} 尚未提交，不能退件!", en: "Order {serial} is not submitted yet: nothing can come back!" }
    #[server]
    ReturnNotExpected = "return_not_expected" { zh: "单号 {number} 没有待收货的退件，请先登记退件!", en: "No return awaits the number {number}: register the return first!" }
    #[server]
    ReturnDecisionMissing = "return_decision_missing" { zh: "请先确定处理方式!", en: "Choose a decision first!" }
    #[server]
    ReturnAttachmentsFull = "return_attachments_full" { zh: "每个退件最多 {max} 个附件!", en: "A return keeps at most {max} attachments!" }
    #[server]
    ReturnAccountTaken = "return_account_taken" { zh: "该退件的{kind}已记账，不能重复!", en: "This return's {kind} is already posted: it is never posted twice!" }
    #[server]
    ReturnOrderCancelled = "return_order_cancelled" { zh: "订单 {serial} 已取消，不能退件!", en: "Order {serial} is cancelled: nothing can come back!" }
    #[server]
    ReturnAlreadyReceived = "return_already_received" { zh: "退件 {returnNo} 已收货，请勿重复扫描!", en: "Return {returnNo} is already received: no need to scan it again!" }
    #[server]
    ReturnTrackDetail = "return_track_detail" { zh: "退件{status}", en: "Return {status}" }
    #[server]
    ReturnStatusRequested = "return_status_requested" { zh: "已登记", en: "registered" }
    #[server]
    ReturnStatusApproved = "return_status_approved" { zh: "已批准，等待退回", en: "approved, on its way back" }
    #[server]
    ReturnStatusReceived = "return_status_received" { zh: "已退回仓库", en: "received back at the warehouse" }
    #[server]
    ReturnStatusCompleted = "return_status_completed" { zh: "已处理完成", en: "completed" }
    #[server]
    ReturnStatusRejected = "return_status_rejected" { zh: "已拒绝", en: "rejected" }
    #[server]
    ReturnStatusCancelled = "return_status_cancelled" { zh: "已取消", en: "cancelled" }
    FieldReturnNo = "field_return_no" { zh: "退件单号", en: "Return number" }
    FieldReturnTrackNo = "field_return_track_no" { zh: "退回跟踪号", en: "Return tracking number" }
    FieldReshipOrder = "field_reship_order" { zh: "重发订单", en: "Reship order" }
    #[server]
    ReturnAccountFee = "return_account_fee" { zh: "退件费", en: "return fee" }
    #[server]
    ReturnAccountRefund = "return_account_refund" { zh: "退款", en: "refund" }
    #[server]
    ReturnCommentNotice = "return_comment_notice" { zh: "退件 {returnNo} 有新留言", en: "New comment on return {returnNo}" }
    WmsSegmentInvalid = "wms_segment_invalid" { zh: "{field}须为1-{max}位字母或数字!", en: "{field} must be 1 to {max} letters or digits!" }
    WmsSegmentOrder = "wms_segment_order" { zh: "请按巷道、货架、货位的顺序填写编码!", en: "Fill in the aisle before the shelf, and the shelf before the bin!" }
    WmsCodeInvalid = "wms_code_invalid" { zh: "{field}只能包含字母、数字、短横线、下划线或点!", en: "{field} may hold only letters, digits, hyphens, underscores and dots!" }
    WmsBarcodeCheck = "wms_barcode_check" { zh: "条码 {barcode} 的校验位不正确，请重新扫描!", en: "The check digit of barcode {barcode} is wrong: scan it again!" }
    WmsMoveSameLocation = "wms_move_same_location" { zh: "目标库位不能与原库位相同!", en: "Move it to another location!" }
    WmsAdjustZero = "wms_adjust_zero" { zh: "调整数量不能为0!", en: "An adjustment cannot be zero!" }
    WmsLinesRequired = "wms_lines_required" { zh: "请至少添加一个SKU!", en: "Add at least one SKU!" }
    WmsTooManyLines = "wms_too_many_lines" { zh: "最多{max}行!", en: "At most {max} lines!" }
    WmsSkuTwice = "wms_sku_twice" { zh: "同一SKU只能出现一次!", en: "Each SKU once only!" }
    WmsNothingReceived = "wms_nothing_received" { zh: "请填写实收数量!", en: "Enter the pieces received!" }
    #[server]
    WmsStockShort = "wms_stock_short" { zh: "库存不足!", en: "Not enough stock!" }
    #[server]
    WmsStockShortAt = "wms_stock_short_at" { zh: "SKU {sku} 在库位 {location} 只有 {available} 件可用!", en: "Only {available} pieces of SKU {sku} are free at {location}!" }
    #[server]
    WmsLocationFull = "wms_location_full" { zh: "库位 {location} 最多存放 {capacity} 件，已有 {held} 件!", en: "Location {location} holds at most {capacity} pieces and has {held}!" }
    #[server]
    WmsLocationInUse = "wms_location_in_use" { zh: "库位 {location} 仍有库存，不能删除!", en: "Location {location} still holds stock: it cannot be deleted!" }
    #[server]
    WmsSkuInUse = "wms_sku_in_use" { zh: "SKU {sku} 仍有库存或预报，不能删除!", en: "SKU {sku} still has stock or forecasts: it cannot be deleted!" }
    #[server]
    WmsUnknown = "wms_unknown" { zh: "{field}不存在或无权访问!", en: "No such {field}, or it is not yours!" }
    #[server]
    WmsOtherCustomer = "wms_other_customer" { zh: "SKU {sku} 不属于该预报的客户!", en: "SKU {sku} belongs to another customer than the forecast's!" }
    #[server]
    WmsForecastClosed = "wms_forecast_closed" { zh: "预报 {forecastNo} 已{status}，不能再操作!", en: "Forecast {forecastNo} is {status}: nothing more can be done to it!" }
    #[server]
    WmsReconcileBroken = "wms_reconcile_broken" { zh: "库存与流水不一致: {count} 处!", en: "Stock and its log disagree in {count} places!" }
    #[server]
    WmsSkuNotStored = "wms_sku_not_stored" { zh: "SKU {sku} 不在您的仓储SKU中!", en: "SKU {sku} is not among your warehouse SKUs!" }
    #[server]
    WmsOrderShort = "wms_order_short" { zh: "SKU {sku} 可用库存 {available} 件，订单需要 {wanted} 件!", en: "Only {available} pieces of SKU {sku} are available; the order needs {wanted}!" }
    #[server]
    WmsNotPicked = "wms_not_picked" { zh: "仓储订单 {serial} 尚未拣货完成，不能入库!", en: "WMS order {serial} is not picked yet: it cannot be taken in!" }
    #[server]
    WmsOrderPicked = "wms_order_picked" { zh: "仓储订单 {serial} 已拣货，不能取消!", en: "WMS order {serial} has been picked: it can no longer be cancelled!" }
    #[server]
    WmsNothingToPick = "wms_nothing_to_pick" { zh: "订单 {serial} 没有待拣货的商品!", en: "Order {serial} has nothing left to pick!" }
    #[server]
    WmsFeeDayOpen = "wms_fee_day_open" { zh: "只能结算今天之前的日期({today}之前)!", en: "Only days before today ({today}) can be charged!" }
    #[server]
    WmsSkuRecode = "wms_sku_recode" { zh: "SKU {sku} 已有库存、预报或订单，不能修改编码!", en: "SKU {sku} has stock, forecasts or orders: its code cannot change!" }
    #[server]
    WmsFeeRateTaken = "wms_fee_rate_taken" { zh: "该客户已有费率!", en: "This customer has a fee rate already!" }
    #[server]
    WmsForecastPending = "wms_forecast_pending" { zh: "待收货", en: "pending" }
    #[server]
    WmsForecastReceiving = "wms_forecast_receiving" { zh: "收货中", en: "being received" }
    #[server]
    WmsForecastReceived = "wms_forecast_received" { zh: "已收货", en: "received" }
    #[server]
    WmsForecastCancelled = "wms_forecast_cancelled" { zh: "已取消", en: "cancelled" }
    FieldWmsWarehouse = "field_wms_warehouse" { zh: "仓库", en: "Warehouse" }
    FieldWmsZone = "field_wms_zone" { zh: "库区", en: "Zone" }
    FieldWmsAisle = "field_wms_aisle" { zh: "巷道", en: "Aisle" }
    FieldWmsShelf = "field_wms_shelf" { zh: "货架", en: "Shelf" }
    FieldWmsBin = "field_wms_bin" { zh: "货位", en: "Bin" }
    FieldWmsCapacity = "field_wms_capacity" { zh: "容量", en: "Capacity" }
    FieldWmsLocationType = "field_wms_location_type" { zh: "库位类型", en: "Location type" }
    FieldWmsLocation = "field_wms_location" { zh: "库位", en: "Location" }
    FieldWmsToLocation = "field_wms_to_location" { zh: "目标库位", en: "Target location" }
    FieldWmsBarcode = "field_wms_barcode" { zh: "条码", en: "Barcode" }
    FieldWmsMoveKind = "field_wms_move_kind" { zh: "变动类型", en: "Movement" }
    FieldWmsForecastNo = "field_wms_forecast_no" { zh: "预报单号", en: "Forecast number" }
    FieldWmsQuantity = "field_wms_quantity" { zh: "库存数量", en: "On hand" }
    FieldWmsAllocated = "field_wms_allocated" { zh: "已分配", en: "Allocated" }
    FieldWmsExpected = "field_wms_expected" { zh: "预报数量", en: "Expected" }
    FieldWmsReceived = "field_wms_received" { zh: "实收数量", en: "Received" }
    FieldWmsDiscrepancy = "field_wms_discrepancy" { zh: "差异", en: "Discrepancy" }
    FieldWmsBalance = "field_wms_balance" { zh: "变动后库存", en: "Balance after" }
    FieldJobHandler = "field_job_handler" { zh: "任务", en: "Job" }
    FieldJobParameter = "field_job_parameter" { zh: "参数", en: "Parameter" }
    FieldJobNextFire = "field_job_next_fire" { zh: "下次执行", en: "Next run" }
    FieldJobLastFire = "field_job_last_fire" { zh: "上次执行", en: "Last run" }
    #[server]
    JobTaken = "job_taken" { zh: "该任务已存在!", en: "This job exists already!" }
    #[server]
    JobUnknown = "job_unknown" { zh: "没有名为 {name} 的任务处理器!", en: "There is no job handler named {name}!" }
    #[server]
    JobExpireHolds = "job_expire_holds" { zh: "释放到期的钱包冻结", en: "Release wallet holds past their expiry" }
    #[server]
    JobPurgeKeys = "job_purge_keys" { zh: "清理24小时前的幂等键", en: "Forget idempotency keys older than 24 hours" }
    #[server]
    JobTrackingPoll = "job_tracking_poll" { zh: "向承运商拉取轨迹", en: "Poll the carriers for tracking events" }
    #[server]
    JobWmsFees = "job_wms_fees" { zh: "结算前一天的仓储费和操作费", en: "Charge the day before's storage and handling fees" }
    #[server]
    JobWmsFeesParameter = "job_wms_fees_parameter" { zh: "结算日期(YYYY-MM-DD)，留空为前一天", en: "The day to charge (YYYY-MM-DD); empty: the day before" }
    #[server]
    JobWmsReconcile = "job_wms_reconcile" { zh: "核对库存与库存流水", en: "Check that the stock log sums to the stock" }
    #[server]
    JobLogRetention = "job_log_retention" { zh: "清理过期的系统日志", en: "Remove old system log lines" }
    #[server]
    JobLogRetentionParameter = "job_log_retention_parameter" { zh: "保留天数(7-3650)，默认180", en: "Days kept (7 to 3650), 180 when empty" }
    FieldCron = "field_cron" { zh: "Cron表达式", en: "Cron expression" }
    CronSecond = "cron_second" { zh: "秒", en: "second" }
    CronMinute = "cron_minute" { zh: "分", en: "minute" }
    CronHour = "cron_hour" { zh: "时", en: "hour" }
    CronDay = "cron_day" { zh: "日", en: "day of the month" }
    CronMonth = "cron_month" { zh: "月", en: "month" }
    CronWeekday = "cron_weekday" { zh: "周", en: "day of the week" }
    CronYear = "cron_year" { zh: "年", en: "year" }
    CronField = "cron_field" { zh: "Cron表达式的“{field}”字段不正确: {value}", en: "The {field} field of the cron expression is wrong: {value}" }
    CronFields = "cron_fields" { zh: "Cron表达式应有6或7个字段(秒 分 时 日 月 周 [年])，现有{count}个!", en: "A cron expression has 6 or 7 fields (second minute hour day month weekday [year]), not {count}!" }
    CronBothDays = "cron_both_days" { zh: "日和周只能指定一个，另一个请用“?”!", en: "Give either the day of the month or the day of the week, and “?” for the other!" }
    CronUnsupported = "cron_unsupported" { zh: "不支持的Cron写法: {value}(L、W、#)", en: "Cron’s L, W and # are not supported: {value}" }
    CronNever = "cron_never" { zh: "该Cron表达式在未来5年内不会触发!", en: "This cron expression does not fire in the next 5 years!" }
    FieldWmsStorageRate = "field_wms_storage_rate" { zh: "仓储费(每立方米每天)", en: "Storage (per m³ a day)" }
    FieldWmsInboundRate = "field_wms_inbound_rate" { zh: "入库操作费(每件)", en: "Inbound handling (per piece)" }
    FieldWmsOutboundRate = "field_wms_outbound_rate" { zh: "出库操作费(每件)", en: "Outbound handling (per piece)" }
    FieldWmsFeeDate = "field_wms_fee_date" { zh: "费用日期", en: "Fee date" }
    FieldWmsFeeType = "field_wms_fee_type" { zh: "费用类型", en: "Fee type" }
    FieldWmsVolume = "field_wms_volume" { zh: "体积(立方米)", en: "Volume (m³)" }
    FieldWmsRate = "field_wms_rate" { zh: "费率", en: "Rate" }
    FieldWmsFeeStatus = "field_wms_fee_status" { zh: "扣费状态", en: "Charge status" }
    FieldWmsPickStatus = "field_wms_pick_status" { zh: "拣货状态", en: "Pick status" }
    FieldStatusNote = "field_status_note" { zh: "说明", en: "Note" }
    #[server]
    InboundEventDetail = "inbound_event_detail" { zh: "仓库已收货，复重 {weight} kg", en: "Received at the warehouse, weighed {weight} kg" }
    FieldReportSql = "field_report_sql" { zh: "报表SQL", en: "Report SQL" }
    FieldReportCode = "field_report_code" { zh: "报表编码", en: "Report code" }
    FieldReportName = "field_report_name" { zh: "报表名称", en: "Report name" }
    FieldDataSource = "field_data_source" { zh: "数据源", en: "Data source" }
    FieldDbType = "field_db_type" { zh: "数据库类型", en: "Database type" }
    FieldDbUrl = "field_db_url" { zh: "数据库地址", en: "Database address" }
    FieldDbUsername = "field_db_username" { zh: "用户名", en: "User name" }
    ReportSqlRequired = "report_sql_required" { zh: "报表SQL不能为空!", en: "The report's SQL is required!" }
    ReportSqlTooLong = "report_sql_too_long" { zh: "报表SQL不能超过{max}个字符!", en: "The report's SQL must not exceed {max} characters!" }
    ReportSqlSyntax = "report_sql_syntax" { zh: "SQL语法错误: {error}", en: "The SQL does not parse: {error}" }
    ReportSqlOneStatement = "report_sql_one_statement" { zh: "报表只能是一条SQL语句!", en: "A report is exactly one SQL statement!" }
    ReportSqlSelectOnly = "report_sql_select_only" { zh: "报表只允许只读的SELECT查询!", en: "A report may only be a read-only SELECT!" }
    ReportSqlForbiddenName = "report_sql_forbidden_name" { zh: "报表不能读取“{name}”(系统保密数据)!", en: "A report may not read “{name}” (the platform's secrets)!" }
    ReportSqlFunction = "report_sql_function" { zh: "报表不允许调用函数“{name}”!", en: "A report may not call the function “{name}”!" }
    ReportSqlTableFunction = "report_sql_table_function" { zh: "FROM中只允许表和子查询!", en: "FROM may name only tables and subqueries!" }
    ReportSqlPlaceholder = "report_sql_placeholder" { zh: "参数请写成 :名称 的形式(字母开头)，而不是“{name}”!", en: "Write parameters as :name (starting with a letter), not “{name}”!" }
    ReportSqlAlias = "report_sql_alias" { zh: "请为列“{name}”起一个别名(AS 名称)!", en: "Give the column “{name}” a name (AS name)!" }
    ReportSqlWildcard = "report_sql_wildcard" { zh: "报表请逐一列出字段，不能使用*!", en: "Name each column of a report; * is not allowed!" }
    ReportSqlDuplicateColumn = "report_sql_duplicate_column" { zh: "字段“{name}”重复!", en: "The column “{name}” appears twice!" }
    ReportItemsRequired = "report_items_required" { zh: "报表至少需要一个字段!", en: "A report needs at least one column!" }
    ReportItemUnknown = "report_item_unknown" { zh: "SQL中没有字段“{name}”!", en: "The SQL has no column “{name}”!" }
    ReportDictCode = "report_dict_code" { zh: "字典编码只能包含字母、数字和下划线!", en: "A dictionary code holds only letters, digits and underscores!" }
    ReportParamName = "report_param_name" { zh: "参数名“{name}”不正确(字母开头，字母、数字、下划线，且不能是系统变量)!", en: "The parameter name “{name}” is not valid (a letter first, then letters, digits, underscores; not a system variable)!" }
    PopupConfig = "popup_config" { zh: "popup参数未正确配置!", en: "The popup is not configured correctly!" }
    PopupFieldCount = "popup_field_count" { zh: "popup参数未正确配置,原始值和目标值数量不一致!", en: "The popup is not configured correctly: the source and target fields differ in number!" }
    PopupSelectOne = "popup_select_one" { zh: "请选择一条记录", en: "Please select a record" }
    #[server]
    ReportNotFound = "report_not_found" { zh: "实体不存在", en: "The report does not exist" }
    #[server]
    ReportParamUndeclared = "report_param_undeclared" { zh: "SQL中的参数 :{name} 未在报表参数中声明!", en: "The SQL's parameter :{name} is not among the report's parameters!" }
    #[server]
    ReportTimeout = "report_timeout" { zh: "报表查询超时({seconds}秒)，请缩小查询范围!", en: "The report's query took longer than {seconds} s; narrow it down!" }
    #[server]
    ReportFailed = "report_failed" { zh: "SQL执行失败：{error}", en: "The SQL failed: {error}" }
    #[server]
    ReportTenantFilter = "report_tenant_filter" { zh: "该报表未按当前用户(:sys_user_id)或租户(:sys_tenant_id)限定数据，只有平台员工可以使用!", en: "This report is not scoped to the caller (:sys_user_id) or the tenant (:sys_tenant_id); only the platform's staff may run it!" }
    #[server]
    ReportBadValue = "report_bad_value" { zh: "查询条件“{field}”的值不正确!", en: "The value of the query field “{field}” is not valid!" }
    #[server]
    ReportColumnUnknown = "report_column_unknown" { zh: "不能按“{field}”排序!", en: "Cannot sort by “{field}”!" }
    #[server]
    ReportCodeTaken = "report_code_taken" { zh: "该报表编码已存在!", en: "This report code is taken!" }
    #[server]
    DataSourceTaken = "data_source_taken" { zh: "该数据源编码已存在!", en: "This data source code is taken!" }
    #[server]
    DataSourceUnknown = "data_source_unknown" { zh: "数据源“{name}”不存在!", en: "There is no data source “{name}”!" }
    #[server]
    DataSourceUnreachable = "data_source_unreachable" { zh: "数据源连接失败：{error}", en: "Cannot connect to the data source: {error}" }
    #[server]
    DataSourceOk = "data_source_ok" { zh: "数据源连接成功", en: "Connected to the data source" }
    #[server]
    DataSourceNoMemory = "data_source_no_memory" { zh: "内存数据库不能作为报表数据源!", en: "An in-memory database cannot serve reports!" }
    #[server]
    DataSourceOwnDatabase = "data_source_own_database" { zh: "平台自身的数据库不能作为数据源(报表直接选择“平台数据库”)!", en: "The platform's own database is not a data source (a report reads it when no data source is chosen)!" }
    #[server]
    DataSourceInUse = "data_source_in_use" { zh: "该数据源仍被报表使用!", en: "Reports still use this data source!" }
    FieldGatewayRouterId = "field_gateway_router_id" { zh: "路由ID", en: "Route id" }
    FieldGatewayUri = "field_gateway_uri" { zh: "上游地址", en: "Upstream URL" }
    FieldGatewayStripPrefix = "field_gateway_strip_prefix" { zh: "去掉前缀", en: "Strip prefix" }
    FieldGatewayTimeout = "field_gateway_timeout" { zh: "超时(毫秒)", en: "Timeout (ms)" }
    FieldGatewayStatus = "field_gateway_status" { zh: "状态", en: "Status" }
    GatewayRouterIdInvalid = "gateway_router_id_invalid" { zh: "路由ID须为2-32位小写字母、数字或短横线，并以字母或数字开头!", en: "A route id has 2 to 32 lower-case letters, digits or hyphens and starts with a letter or digit!" }
    GatewayUriInvalid = "gateway_uri_invalid" { zh: "上游地址须为以 http:// 或 https:// 开头的完整地址，且不含用户名密码、查询参数或片段!", en: "The upstream must be a full http:// or https:// URL without credentials, query or fragment!" }
    GatewayUriNotAllowed = "gateway_uri_not_allowed" { zh: "上游地址 {uri} 不在运维允许的范围内(LOGISTICS_GATEWAY_UPSTREAMS)!", en: "The upstream {uri} is not among those the operator allows (LOGISTICS_GATEWAY_UPSTREAMS)!" }
    GatewayNoUpstreams = "gateway_no_upstreams" { zh: "运维尚未配置允许的上游地址(LOGISTICS_GATEWAY_UPSTREAMS)，不能保存网关路由!", en: "The operator has allowed no upstreams yet (LOGISTICS_GATEWAY_UPSTREAMS): no route can be saved!" }
    GatewayTooManyRoles = "gateway_too_many_roles" { zh: "一个路由最多指定{max}个角色!", en: "A route names at most {max} roles!" }
    #[server]
    GatewayRouteTaken = "gateway_route_taken" { zh: "该路由ID已存在!", en: "This route id is taken!" }
    #[server]
    GatewayPathInvalid = "gateway_path_invalid" { zh: "网关路径不能包含“..”、“.”、反斜杠或编码的斜杠!", en: "A gateway path must not hold “..”, “.”, backslashes or encoded slashes!" }
    #[server]
    GatewayRouteUnknown = "gateway_route_unknown" { zh: "网关路由“{id}”不存在或已停用!", en: "There is no enabled gateway route “{id}”!" }
    #[server]
    GatewayForbidden = "gateway_forbidden" { zh: "您的角色不能调用网关路由“{id}”!", en: "Your roles may not call the gateway route “{id}”!" }
    #[server]
    GatewayUpstreamTimeout = "gateway_upstream_timeout" { zh: "上游服务在{ms}毫秒内没有响应!", en: "The upstream did not answer within {ms} ms!" }
    #[server]
    GatewayUnreachable = "gateway_unreachable" { zh: "无法连接上游服务：{error}", en: "Cannot reach the upstream: {error}" }
    #[server]
    GatewayTooLarge = "gateway_too_large" { zh: "网关请求或响应超过{max}MB!", en: "A gateway request or answer exceeds {max} MB!" }
    #[server]
    SsoNotConfigured = "sso_not_configured" { zh: "未配置{provider}登录!", en: "{provider} sign-in is not configured!" }
    #[server]
    CasTicketRequired = "cas_ticket_required" { zh: "缺少CAS票据(ticket)或服务地址(service)!", en: "The CAS ticket or service is missing!" }
    #[server]
    CasTicketInvalid = "cas_ticket_invalid" { zh: "CAS票据验证失败：{error}", en: "The CAS server refused the ticket: {error}" }
    #[server]
    CasUnreachable = "cas_unreachable" { zh: "无法连接CAS服务器：{error}", en: "Cannot reach the CAS server: {error}" }
    #[server]
    CasUserUnknown = "cas_user_unknown" { zh: "CAS账号“{name}”在本系统没有对应的用户，请联系管理员!", en: "The CAS account “{name}” has no user here; ask an administrator!" }
    #[server]
    ThirdLoginFailed = "third_login_failed" { zh: "第三方登录失败：{error}", en: "Third-party sign-in failed: {error}" }
    #[server]
    ThirdLoginTokenInvalid = "third_login_token_invalid" { zh: "第三方登录凭证无效或已过期，请重新登录!", en: "The third-party sign-in has expired or was already used; sign in again!" }
    #[server]
    ThirdAccountUnbound = "third_account_unbound" { zh: "第三方账号“{name}”尚未绑定本系统账号，请输入本系统的用户名和密码完成绑定!", en: "The third-party account “{name}” is not bound to an account here yet: enter your username and password to bind it!" }
    #[server]
    ThirdAccountOtherBound = "third_account_other_bound" { zh: "该用户已绑定另一个{provider}账号!", en: "This user is already bound to another {provider} account!" }
    #[server]
    ThirdAccountBound = "third_account_bound" { zh: "绑定成功，已登录!", en: "Bound and signed in!" }
    #[server]
    ThirdAccountNotFound = "third_account_not_found" { zh: "该第三方账号绑定不存在或已解除!", en: "This third-party binding does not exist or was already removed!" }
    #[server]
    ThirdAccountUnbindDone = "third_account_unbind_done" { zh: "解绑成功!", en: "Unbound!" }
    UpsRoutingCodeInvalid = "ups_routing_code_invalid" { zh: "路由码须为1-16位大写字母、数字、空格或短横线!", en: "A routing code has 1 to 16 capital letters, digits, spaces or hyphens!" }
    UpsPostalRangeInvalid = "ups_postal_range_invalid" {
        zh: "邮编范围不正确：起止邮编须同时填写（长度相同，起始不大于结束）或同时留空（整个国家）!",
        en: "The postal range is not valid: give both ends (of the same length, the first not after the last) or neither (the whole country)!"
    }
    FieldRoutingCode = "field_routing_code" { zh: "路由码", en: "Routing code" }
    FieldPostalLow = "field_postal_low" { zh: "起始邮编", en: "Postal code from" }
    FieldPostalHigh = "field_postal_high" { zh: "结束邮编", en: "Postal code to" }
    FieldVersion = "field_version" { zh: "版本", en: "Version" }
    #[server]
    UpsRoutingColumnMissing = "ups_routing_column_missing" {
        zh: "文件缺少“{column}”列：第一行须包含国家、起始邮编、结束邮编和路由码!",
        en: "The file has no “{column}” column: its first row must name the country, postal low, postal high and routing code!"
    }
    #[server]
    UpsRoutingFileUnreadable = "ups_routing_file_unreadable" { zh: "无法读取该文件：请上传UPS路由表的CSV（UTF-8）或xlsx文件!", en: "This file cannot be read: upload UPS's routing table as CSV (UTF-8) or xlsx!" }
    #[server]
    UpsRoutingRangeTaken = "ups_routing_range_taken" { zh: "{country} 的邮编范围 {low}–{high} 已存在!", en: "{country} already has the postal range {low}–{high}!" }
    #[server]
    UpsRoutingFileEmpty = "ups_routing_file_empty" { zh: "文件中没有路由行!", en: "The file holds no routing rows!" }
    #[server]
    UpsRoutingNotFound = "ups_routing_not_found" { zh: "没有 {country} {postalCode} 的UPS路由码!", en: "No UPS routing code for {postalCode}, {country}!" }
    FieldPartition = "field_partition" { zh: "分区表", en: "Partition" }
    #[server]
    FieldCardCount = "field_card_count" { zh: "使用的报价卡", en: "Rate cards using it" }
    #[server]
    PartitionZoneInUse = "partition_zone_in_use" {
        zh: "报价卡 {card}（{date}起）仍在为分区 {zone} 定价：请先修改该报价卡，再从分区表中删除此分区!",
        en: "Rate card {card} (from {date}) still prices zone {zone}: change that card before removing the zone from this partition!"
    }
    #[server]
    PartitionNotFound = "partition_not_found" { zh: "分区表不存在或已被删除!", en: "This partition does not exist or was deleted!" }
    #[server]
    PartitionCodeTaken = "partition_code_taken" { zh: "分区表代码已存在!", en: "This partition code is taken!" }
    FieldBatchType = "field_batch_type" { zh: "批次类型", en: "Batch type" }
    FieldMawbNo = "field_mawb_no" { zh: "主运单号", en: "Master waybill (MAWB)" }
    FieldOriginAirport = "field_origin_airport" { zh: "始发机场", en: "Origin airport" }
    FieldDestinationAirport = "field_destination_airport" { zh: "目的机场", en: "Destination airport" }
    FieldFlightNo = "field_flight_no" { zh: "航班号", en: "Flight" }
    FieldFlightDate = "field_flight_date" { zh: "航班日期", en: "Flight date" }
    FieldAccountNo = "field_account_no" { zh: "账号", en: "Account number" }
    MawbInvalid = "mawb_invalid" {
        zh: "主运单号须为3位航司前缀加8位数字，末位为前7位除以7的余数（如 176-12345675）!",
        en: "A master waybill number is a 3-digit airline prefix and 8 digits, the last the first seven's remainder after division by 7 (like 176-12345675)!"
    }
    AirportInvalid = "airport_invalid" { zh: "机场代码须为3位字母（IATA，如 PVG）!", en: "An airport code has 3 letters (IATA, like PVG)!" }
    AirportSame = "airport_same" { zh: "目的机场不能与始发机场相同!", en: "The destination airport cannot be the origin airport!" }
    FlightNoInvalid = "flight_no_invalid" { zh: "航班号须为2位航司代码加1-4位数字（如 CA987）!", en: "A flight is the airline's 2-character code and 1 to 4 digits (like CA987)!" }
    UpsAccountInvalid = "ups_account_invalid" { zh: "UPS账号须为6位字母或数字!", en: "A UPS account number has 6 letters or digits!" }
    #[server]
    FieldFileVersion = "field_file_version" { zh: "文件版本", en: "File version" }
    #[server]
    FieldGeneratedTime = "field_generated_time" { zh: "生成时间", en: "Generated" }
    #[server]
    WaybillBatchNothing = "waybill_batch_nothing" { zh: "请选择要加入批次的订单!", en: "Choose the orders for the batch!" }
    #[server]
    WaybillBatchTooMany = "waybill_batch_too_many" { zh: "一个批次最多 {max} 个订单!", en: "A batch holds at most {max} orders!" }
    #[server]
    WaybillOrderNotReady = "waybill_order_not_ready" { zh: "订单 {serial} 尚未提交或已结束，不能加入运单批次!", en: "Order {serial} is not submitted or is closed: it cannot join a waybill batch!" }
    #[server]
    WaybillOrderTaken = "waybill_order_taken" { zh: "订单 {serial} 已在同类运单批次 {batch} 中!", en: "Order {serial} is already in batch {batch} of this kind!" }
    #[server]
    MawbTaken = "mawb_taken" { zh: "主运单号已用于批次 {batch}!", en: "This master waybill is already used by batch {batch}!" }
    #[server]
    WaybillOrderNotFba = "waybill_order_not_fba" { zh: "订单 {serial} 不是FBA订单!", en: "Order {serial} is not an FBA order!" }
    #[server]
    WaybillOrderNoTrackNo = "waybill_order_no_track_no" {
        zh: "订单 {serial} 还没有UPS单号：PLD文件需要每个包裹的承运商单号!",
        en: "Order {serial} has no UPS number yet: a PLD file needs each package's carrier number!"
    }
    #[server]
    WorldShipFileUnreadable = "world_ship_file_unreadable" {
        zh: "无法读取该文件：请上传WorldShip的结果XML（.out/.xml），或含“Reference 1”和“Tracking Number”列的CSV/xlsx!",
        en: "This file cannot be read: upload WorldShip's result XML (.out/.xml), or a CSV/xlsx with “Reference 1” and “Tracking Number” columns!"
    }
    #[server]
    WorldShipNothing = "world_ship_nothing" { zh: "文件中没有订单结果!", en: "The file holds no order results!" }
    #[server]
    WorldShipUnknown = "world_ship_unknown" { zh: "找不到订单 {reference}", en: "No order {reference}" }
    #[server]
    WorldShipRefused = "world_ship_refused" { zh: "WorldShip未处理：{reason}", en: "WorldShip did not process it: {reason}" }
    #[server]
    WorldShipHasNumber = "world_ship_has_number" { zh: "订单已有承运商单号 {trackNo}，未覆盖", en: "The order already has carrier number {trackNo}: left as it is" }
    #[server]
    WorldShipNoNumber = "world_ship_no_number" { zh: "没有跟踪号", en: "No tracking number" }
}

/// Fills a template's `{name}` placeholders; unknown placeholders are left as they are.
pub fn render(key: MessageKey, lang: Lang, args: &[(&str, &str)]) -> String {
    let template = key.template(lang);
    let mut out = String::with_capacity(template.len() + 24);
    fill(&mut out, template, |name, out| match args.iter().find(|(n, _)| *n == name) {
        Some((_, v)) => {
            out.push_str(v);
            true
        }
        None => false,
    });
    out
}

/// Appends `template` to `out` in one pass (a quote renders thousands): each `{name}` is what
/// `value` appends for it, if it knows the name (`true`); braces that name nothing stay as written.
pub fn fill(out: &mut String, template: &str, mut value: impl FnMut(&str, &mut String) -> bool) {
    let mut rest = template;
    while let Some((before, after)) = rest.split_once('{') {
        out.push_str(before);
        match after.split_once('}') {
            Some((name, tail)) if value(name, out) => rest = tail,
            _ => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_language_tags() {
        assert_eq!(Lang::parse("zh-CN"), Some(Lang::ZhCn));
        assert_eq!(Lang::parse("zh_CN"), Some(Lang::ZhCn));
        assert_eq!(Lang::parse("ZH"), Some(Lang::ZhCn));
        assert_eq!(Lang::parse("en_US"), Some(Lang::EnUs));
        assert_eq!(Lang::parse("fr-FR"), None);
        assert_eq!(Lang::parse(""), None);
    }

    #[test]
    fn accept_language_honours_weights() {
        assert_eq!(Lang::from_accept_language("fr-FR,zh-CN;q=0.8,en;q=0.5"), Some(Lang::ZhCn));
        assert_eq!(Lang::from_accept_language("en;q=0.4, zh;q=0.9"), Some(Lang::ZhCn));
        assert_eq!(Lang::from_accept_language("zh;q=0, en"), Some(Lang::EnUs));
        assert_eq!(Lang::from_accept_language("de, fr"), None);
    }

    #[test]
    fn catalogue_keys_are_unique_and_complete() {
        let mut seen = std::collections::HashSet::new();
        for key in MessageKey::ALL {
            assert!(seen.insert(key.key()), "duplicate key {}", key.key());
            assert_eq!(MessageKey::from_key(key.key()), Some(*key));
            assert!(!key.template(Lang::ZhCn).is_empty());
            assert!(!key.template(Lang::EnUs).is_empty());
        }
    }

    #[test]
    fn templates_need_no_json_escape() {
        // The quote engine writes templates into its JSON as they are (`quote::push_message`).
        for key in MessageKey::ALL {
            for lang in [Lang::ZhCn, Lang::EnUs] {
                let t = key.template(lang);
                assert!(!t.chars().any(|c| c == '"' || c == '\\' || c < ' '), "{}: {t}", key.key());
            }
        }
    }

    #[test]
    fn renders_placeholders() {
        let text = render(MessageKey::TooLong, Lang::EnUs, &[("field", "Name"), ("max", "32")]);
        assert_eq!(text, "Name must not exceed 32 characters!");
    }
}
