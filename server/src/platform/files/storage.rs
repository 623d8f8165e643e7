//! Where files live: a local folder by default. Paths are relative, made of plain segments only.

use std::path::{Component, Path, PathBuf};

#[derive(Clone, Debug)]
pub struct LocalStorage {
    root: PathBuf,
}

impl LocalStorage {
    pub fn new(root: PathBuf) -> LocalStorage {
        LocalStorage { root }
    }

    fn resolve(&self, path: &str) -> Option<PathBuf> {
        let relative = Path::new(path);
        let plain = !path.is_empty() && relative.components().all(|c| matches!(c, Component::Normal(_)));
        plain.then(|| self.root.join(relative))
    }

    pub async fn put(&self, path: &str, bytes: &[u8]) -> Result<(), String> {
        let full = self.resolve(path).ok_or("invalid storage path")?;
        if let Some(parent) = full.parent() {
            tokio::fs::create_dir_all(parent).await.map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        tokio::fs::write(&full, bytes).await.map_err(|e| format!("cannot write {}: {e}", full.display()))
    }

    pub async fn get(&self, path: &str) -> Option<Vec<u8>> {
        tokio::fs::read(self.resolve(path)?).await.ok()
    }
}
