//! A value read once and kept until a change drops it (dictionaries, gateway routes). A change on
//! any instance reaches every instance through the cluster bus, which calls [`Reloadable::invalidate`];
//! a load that raced with a change is never kept: each invalidation starts a new generation, and a
//! load only stores its result if no invalidation happened while it ran.

use std::future::Future;
use std::sync::{Arc, RwLock};

#[derive(Debug)]
struct Slot<T> {
    generation: u64,
    loaded: Option<Arc<T>>,
}

/// The kept value, or none until the next read loads it.
#[derive(Debug)]
pub struct Reloadable<T> {
    slot: RwLock<Slot<T>>,
}

impl<T> Default for Reloadable<T> {
    fn default() -> Self {
        Reloadable { slot: RwLock::new(Slot { generation: 0, loaded: None }) }
    }
}

impl<T> Reloadable<T> {
    /// The kept value, or `load`'s (kept unless a change came meanwhile).
    pub async fn get<E, F>(&self, load: F) -> Result<Arc<T>, E>
    where
        F: Future<Output = Result<T, E>>,
    {
        let generation = {
            let slot = self.slot.read().unwrap_or_else(std::sync::PoisonError::into_inner);
            if let Some(loaded) = &slot.loaded {
                return Ok(loaded.clone());
            }
            slot.generation
        };
        let loaded = Arc::new(load.await?);
        let mut slot = self.slot.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        if slot.generation == generation {
            slot.loaded = Some(loaded.clone());
        }
        Ok(loaded)
    }

    /// Drops the kept value; the next read loads it again.
    pub fn invalidate(&self) {
        let mut slot = self.slot.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        slot.generation += 1;
        slot.loaded = None;
    }
}

#[cfg(test)]
mod tests {
    use super::Reloadable;

    #[tokio::test]
    async fn kept_until_invalidated_and_a_raced_load_is_not_kept() {
        let cache = Reloadable::<u32>::default();
        assert_eq!(*cache.get(async { Ok::<_, ()>(1) }).await.unwrap(), 1);
        assert_eq!(*cache.get(async { Ok::<_, ()>(2) }).await.unwrap(), 1, "kept");
        cache.invalidate();
        // A load during which a change happens answers its value but does not keep it.
        let raced = cache
            .get(async {
                cache.invalidate();
                Ok::<_, ()>(3)
            })
            .await
            .unwrap();
        assert_eq!(*raced, 3);
        assert_eq!(*cache.get(async { Ok::<_, ()>(4) }).await.unwrap(), 4, "the raced value was not kept");
        assert!(cache.get(async { Err::<u32, _>("down") }).await.is_ok(), "a kept value needs no load");
        cache.invalidate();
        assert_eq!(cache.get(async { Err::<u32, _>("down") }).await.unwrap_err(), "down");
    }
}
