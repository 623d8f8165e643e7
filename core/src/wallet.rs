//! The wallet's rules, shared by the server (which moves the money) and the browser (which checks
//! amounts as they are typed): each currency's minor unit, amounts read and written exactly in
//! minor units, and what each movement does to an account.
//!
//! An account has a `balance` (posted money), a `held` amount (reserved by open holds) and a
//! `credit_limit` (advance payment allowed by staff). What it can still spend is
//! `available = balance − held + credit_limit`, and no movement may take that below zero: without
//! credit, `balance − held` never goes negative. Holds follow TigerBeetle's two phases: a hold
//! reserves and fails at once when it would overdraw; a capture posts the final amount and
//! releases the hold (a final amount above the hold spends the difference, within the same
//! rule); a release voids it.

use crate::decimal::{self, Bounds, Decimal};
use crate::i18n::MessageKey;
use crate::json::Value;
use crate::prelude::*;
use crate::validate::FieldError;

/// The currencies a wallet keeps and the places of their minor unit (ISO 4217).
pub const CURRENCIES: &[(&str, u32)] =
    &[("CNY", 2), ("USD", 2), ("EUR", 2), ("GBP", 2), ("HKD", 2), ("AUD", 2), ("CAD", 2), ("JPY", 0)];

/// The most one movement may carry, in major units (a hundred billion): far below what an
/// account's 64-bit minor-unit figures can hold, so sums of many never overflow in practice and
/// every overflow that could still happen is checked.
pub const MAX_MAJOR: i64 = 100_000_000_000;

/// The places of `currency`'s minor unit (`CNY` 2, `JPY` 0); None for a currency the wallet does
/// not keep. Case as given: codes are upper case.
pub fn minor_places(currency: &str) -> Option<u32> {
    CURRENCIES.iter().find(|(code, _)| *code == currency).map(|(_, places)| *places)
}

/// Reads a positive amount of `currency` (a JSON number or string, as typed) into minor units:
/// more places than the currency has, zero, negatives and amounts above [`MAX_MAJOR`] are refused
/// with a message naming the field.
pub fn read_amount(field: &str, value: Option<&Value>, currency: &str) -> Result<i64, FieldError> {
    let Some(places) = minor_places(currency) else {
        return Err(FieldError::new("currency", MessageKey::CurrencyUnsupported).with("currency", currency.to_owned()));
    };
    let max = Decimal::new(i128::from(MAX_MAJOR), 0).unwrap_or(Decimal::ZERO);
    let amount = decimal::read(field, MessageKey::FieldAmount, value, Bounds { allow_zero: false, max, max_scale: places })?;
    to_minor(amount, places)
        .ok_or_else(|| FieldError::new(field, MessageKey::NumberInvalid).with("field", "@field_amount".to_owned()))
}

/// Reads a limit of `currency` (a credit limit: zero allowed) into minor units, as
/// [`read_amount`] reads amounts.
pub fn read_limit(field: &str, value: Option<&Value>, currency: &str) -> Result<i64, FieldError> {
    let Some(places) = minor_places(currency) else {
        return Err(FieldError::new("currency", MessageKey::CurrencyUnsupported).with("currency", currency.to_owned()));
    };
    let max = Decimal::new(i128::from(MAX_MAJOR), 0).unwrap_or(Decimal::ZERO);
    let amount = decimal::read(field, MessageKey::FieldCreditLimit, value, Bounds { allow_zero: true, max, max_scale: places })?;
    to_minor(amount, places)
        .ok_or_else(|| FieldError::new(field, MessageKey::NumberInvalid).with("field", "@field_credit_limit".to_owned()))
}

/// How a recharge is paid: a bank transfer (with its voucher, reviewed by staff) or an online
/// provider (credited by the provider's signed callback).
pub const RECHARGE_CHANNELS: &[&str] = &["bank", "sandbox"];

/// A recharge's lifecycle: `pending` until staff confirm it (or its provider's callback does) or
/// reject it; then final.
pub const RECHARGE_STATUSES: &[&str] = &["pending", "confirmed", "rejected"];

/// What a recharge form needs beyond its amount: a known channel, and for a bank transfer the
/// payer's reference (at most 64 characters) and the voucher's file.
pub fn check_recharge(channel: &str, out_trade_no: &str, voucher: &str) -> Result<(), FieldError> {
    if !RECHARGE_CHANNELS.contains(&channel) {
        return Err(FieldError::new("paymentChannel", MessageKey::Required).with("field", "@field_payment_channel".to_owned()));
    }
    if channel == "bank" {
        if out_trade_no.trim().is_empty() {
            return Err(FieldError::new("outTradeNo", MessageKey::Required).with("field", "@field_out_trade_no".to_owned()));
        }
        if voucher.trim().is_empty() {
            return Err(FieldError::new("voucher", MessageKey::Required).with("field", "@field_voucher".to_owned()));
        }
    }
    if out_trade_no.trim().chars().count() > 64 {
        return Err(FieldError::new("outTradeNo", MessageKey::TooLong)
            .with("field", "@field_out_trade_no".to_owned())
            .with("max", "64".to_owned()));
    }
    Ok(())
}

/// Whether a recharge in `status` may still be confirmed or rejected (once, from `pending`).
pub fn reviewable(status: &str) -> bool {
    status == "pending"
}

/// `amount` (at most `places` decimals) as a count of minor units.
pub fn to_minor(amount: Decimal, places: u32) -> Option<i64> {
    let exact = decimal::round_half_up(amount, places)?;
    if exact != amount {
        return None;
    }
    i64::try_from(exact.mantissa()).ok()
}

/// `minor` units of `currency` as decimal text with the currency's places (`1250` CNY → `12.50`,
/// `-5` → `-0.05`, `300` JPY → `300`); an unknown currency shows two places.
pub fn format(minor: i64, currency: &str) -> String {
    let places = minor_places(currency).unwrap_or(2);
    match Decimal::new(i128::from(minor), places) {
        Some(value) => decimal::fixed(value, places),
        None => String::new(),
    }
}

/// An account's figures, in minor units.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Account {
    pub balance: i64,
    pub held: i64,
    pub credit_limit: i64,
}

impl Account {
    /// What the account can still spend or hold: `balance − held + credit_limit`.
    pub fn available(self) -> i128 {
        i128::from(self.balance) - i128::from(self.held) + i128::from(self.credit_limit)
    }
}

/// One movement of an account's money (amounts in minor units, all positive).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Movement {
    /// Money in: a confirmed recharge, a refund, a staff credit.
    Credit(i64),
    /// Money out at once: a staff debit, a fee.
    Debit(i64),
    /// Reserve `amount` for a reference (an order's withholding).
    Hold(i64),
    /// Post `amount` against a hold of `held`, releasing the hold.
    Capture { held: i64, amount: i64 },
    /// Void a hold of `held`.
    Release(i64),
}

/// What `movement` leaves of `account`, or why it is refused: [`MessageKey::WalletInsufficient`]
/// when it would take the available amount below zero, [`MessageKey::WalletAmountTooLarge`] when
/// an amount is not positive or a figure would leave 64 bits. Releasing or capturing never fails
/// for lack of money when the final amount is within the hold.
pub fn apply(account: Account, movement: Movement) -> Result<Account, MessageKey> {
    let positive = |amount: i64| if amount > 0 { Ok(amount) } else { Err(MessageKey::WalletAmountTooLarge) };
    let sum = |a: i64, b: i64| a.checked_add(b).ok_or(MessageKey::WalletAmountTooLarge);
    let diff = |a: i64, b: i64| a.checked_sub(b).ok_or(MessageKey::WalletAmountTooLarge);
    let spends = |next: Account, by: i64| {
        // Spending is refused below zero available; a movement that spends nothing never is.
        if by > 0 && next.available() < 0 { Err(MessageKey::WalletInsufficient) } else { Ok(next) }
    };
    match movement {
        Movement::Credit(amount) => Ok(Account { balance: sum(account.balance, positive(amount)?)?, ..account }),
        Movement::Debit(amount) => {
            let amount = positive(amount)?;
            spends(Account { balance: diff(account.balance, amount)?, ..account }, amount)
        }
        Movement::Hold(amount) => {
            let amount = positive(amount)?;
            spends(Account { held: sum(account.held, amount)?, ..account }, amount)
        }
        Movement::Capture { held, amount } => {
            let held = positive(held)?;
            if amount < 0 || held > account.held {
                return Err(MessageKey::WalletAmountTooLarge);
            }
            let next = Account { balance: diff(account.balance, amount)?, held: account.held - held, ..account };
            spends(next, amount - held)
        }
        Movement::Release(held) => {
            let held = positive(held)?;
            if held > account.held {
                return Err(MessageKey::WalletAmountTooLarge);
            }
            Ok(Account { held: account.held - held, ..account })
        }
    }
}

/// The accounts a movement touches: the customer's, and the platform's on the other side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Side {
    Customer,
    /// Money received from customers (recharges).
    Cash,
    /// What the platform earned, and gives back (captures, fees, refunds, adjustments).
    Revenue,
    /// The other side of what customers have on hold.
    Holds,
}

/// One leg of a movement: the change of an account's posted balance and of its held amount.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leg {
    pub side: Side,
    pub amount: i64,
    pub held: i64,
}

/// The legs of `movement`, the customer's first and the platform's in a fixed order (the order
/// the server locks them in): both columns sum to zero. A credit comes from `Cash` when it is
/// money received (`received`: a recharge), else from `Revenue` (a refund, a staff credit).
pub fn legs(movement: Movement, received: bool) -> Vec<Leg> {
    let leg = |side, amount, held| Leg { side, amount, held };
    match movement {
        Movement::Credit(a) => {
            vec![leg(Side::Customer, a, 0), leg(if received { Side::Cash } else { Side::Revenue }, -a, 0)]
        }
        Movement::Debit(a) => vec![leg(Side::Customer, -a, 0), leg(Side::Revenue, a, 0)],
        Movement::Hold(a) => vec![leg(Side::Customer, 0, a), leg(Side::Holds, 0, -a)],
        Movement::Capture { held, amount } => {
            vec![leg(Side::Customer, -amount, -held), leg(Side::Revenue, amount, 0), leg(Side::Holds, 0, held)]
        }
        Movement::Release(held) => vec![leg(Side::Customer, 0, -held), leg(Side::Holds, 0, held)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::Value;

    fn text(s: &str) -> Value {
        Value::String(s.to_owned())
    }

    #[test]
    fn amounts_are_read_in_minor_units_of_their_currency() {
        assert_eq!(read_amount("money", Some(&text("12.5")), "CNY"), Ok(1250));
        assert_eq!(read_amount("money", Some(&text("0.01")), "USD"), Ok(1));
        assert_eq!(read_amount("money", Some(&Value::Number("300".to_owned())), "JPY"), Ok(300));
        assert_eq!(read_amount("money", Some(&text("100000000000.00")), "EUR"), Ok(10_000_000_000_000));
        let key = |v: &str, c: &str| read_amount("money", Some(&text(v)), c).unwrap_err().key;
        assert_eq!(key("0.001", "CNY"), MessageKey::NumberTooPrecise);
        assert_eq!(key("1.5", "JPY"), MessageKey::NumberTooPrecise);
        assert_eq!(key("0", "CNY"), MessageKey::NumberPositive);
        assert_eq!(key("-1", "CNY"), MessageKey::NumberNotNegative);
        assert_eq!(key("1e3", "CNY"), MessageKey::NumberInvalid);
        assert_eq!(key("100000000000.01", "CNY"), MessageKey::NumberTooLarge);
        assert_eq!(key("1", "XXX"), MessageKey::CurrencyUnsupported);
        assert_eq!(read_amount("money", None, "CNY").unwrap_err().key, MessageKey::Required);
    }

    #[test]
    fn minor_units_are_written_with_the_currency_places() {
        assert_eq!(format(1250, "CNY"), "12.50");
        assert_eq!(format(-5, "USD"), "-0.05");
        assert_eq!(format(0, "EUR"), "0.00");
        assert_eq!(format(300, "JPY"), "300");
        assert_eq!(format(i64::MAX, "CNY"), "92233720368547758.07");
    }

    const A: Account = Account { balance: 500, held: 0, credit_limit: 0 };

    #[test]
    fn nothing_spends_below_zero_available() {
        assert_eq!(apply(A, Movement::Debit(500)), Ok(Account { balance: 0, ..A }));
        assert_eq!(apply(A, Movement::Debit(501)), Err(MessageKey::WalletInsufficient));
        assert_eq!(apply(A, Movement::Hold(501)), Err(MessageKey::WalletInsufficient));
        let held = apply(A, Movement::Hold(300)).unwrap();
        assert_eq!(held, Account { balance: 500, held: 300, credit_limit: 0 });
        assert_eq!(apply(held, Movement::Debit(201)), Err(MessageKey::WalletInsufficient));
        // Credit lets the account go that far below zero, no further.
        let credit = Account { credit_limit: 100, ..A };
        assert_eq!(apply(credit, Movement::Debit(600)).map(|a| a.balance), Ok(-100));
        assert_eq!(apply(credit, Movement::Debit(601)), Err(MessageKey::WalletInsufficient));
    }

    #[test]
    fn capture_posts_the_final_amount_and_releases_the_hold() {
        let held = apply(A, Movement::Hold(300)).unwrap();
        assert_eq!(
            apply(held, Movement::Capture { held: 300, amount: 250 }),
            Ok(Account { balance: 250, held: 0, credit_limit: 0 })
        );
        // Above the hold: the difference is spent under the same rule.
        assert_eq!(
            apply(held, Movement::Capture { held: 300, amount: 500 }),
            Ok(Account { balance: 0, held: 0, credit_limit: 0 })
        );
        assert_eq!(apply(held, Movement::Capture { held: 300, amount: 501 }), Err(MessageKey::WalletInsufficient));
        assert_eq!(
            apply(held, Movement::Capture { held: 300, amount: 0 }),
            Ok(Account { balance: 500, held: 0, credit_limit: 0 })
        );
        assert_eq!(apply(held, Movement::Release(300)), Ok(A));
        // A capture within the hold never fails, even when the account has since gone below zero.
        let owing = Account { balance: -50, held: 300, credit_limit: 400 };
        assert!(apply(owing, Movement::Capture { held: 300, amount: 300 }).is_ok());
        assert_eq!(apply(held, Movement::Release(301)), Err(MessageKey::WalletAmountTooLarge));
    }

    #[test]
    fn amounts_are_positive_and_figures_never_overflow() {
        assert_eq!(apply(A, Movement::Credit(0)), Err(MessageKey::WalletAmountTooLarge));
        assert_eq!(apply(A, Movement::Debit(-1)), Err(MessageKey::WalletAmountTooLarge));
        let full = Account { balance: i64::MAX, ..A };
        assert_eq!(apply(full, Movement::Credit(1)), Err(MessageKey::WalletAmountTooLarge));
    }

    #[test]
    fn every_movement_balances_in_a_fixed_order() {
        for movement in [
            Movement::Credit(7),
            Movement::Debit(7),
            Movement::Hold(7),
            Movement::Capture { held: 7, amount: 9 },
            Movement::Release(7),
        ] {
            for received in [true, false] {
                let legs = legs(movement, received);
                assert_eq!(legs.iter().map(|l| l.amount).sum::<i64>(), 0, "{movement:?}");
                assert_eq!(legs.iter().map(|l| l.held).sum::<i64>(), 0, "{movement:?}");
                assert_eq!(legs[0].side, Side::Customer);
                assert!(legs.windows(2).all(|w| w[0].side < w[1].side), "{movement:?}");
            }
        }
        assert_eq!(legs(Movement::Credit(5), true)[1].side, Side::Cash);
        assert_eq!(legs(Movement::Credit(5), false)[1].side, Side::Revenue);
    }

    /// Random sequences (a fixed-seed generator: the same cases on every run) keep the invariants:
    /// available never below zero after a spend, held = the sum of open holds, balance = credits −
    /// debits − captures.
    #[test]
    fn random_sequences_keep_the_invariants() {
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for _ in 0..200 {
            let mut account = Account { credit_limit: next(3) as i64 * 1000, ..Account::default() };
            let (mut open, mut posted): (Vec<i64>, i64) = (Vec::new(), 0);
            for _ in 0..200 {
                let amount = next(5000) as i64 + 1;
                let movement = match next(5) {
                    0 => Movement::Credit(amount),
                    1 => Movement::Debit(amount),
                    2 => Movement::Hold(amount),
                    3 if !open.is_empty() => Movement::Capture { held: open[0], amount },
                    _ if !open.is_empty() => Movement::Release(open[open.len() - 1]),
                    _ => continue,
                };
                match apply(account, movement) {
                    Ok(after) => {
                        match movement {
                            Movement::Credit(a) => posted += a,
                            Movement::Debit(a) => posted -= a,
                            Movement::Hold(a) => open.push(a),
                            Movement::Capture { amount, .. } => {
                                open.remove(0);
                                posted -= amount;
                            }
                            Movement::Release(_) => {
                                open.pop();
                            }
                        }
                        account = after;
                    }
                    Err(key) => {
                        assert_eq!(key, MessageKey::WalletInsufficient);
                        assert!(matches!(movement, Movement::Debit(_) | Movement::Hold(_) | Movement::Capture { .. }));
                    }
                }
                assert!(account.available() >= 0, "{account:?}");
                assert_eq!(account.held, open.iter().sum::<i64>());
                assert_eq!(account.balance, posted);
            }
        }
    }
}
