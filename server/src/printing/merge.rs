//! One PDF of several (a batch's chunks; later carriers' own labels): each file's objects
//! renumbered past the previous ones, every page put under one new page tree, in order.

use lopdf::{Dictionary, Document, Object, ObjectId};

/// The pages of `files`, in order, as one PDF. One file is answered as it is.
pub fn pdfs(mut files: Vec<Vec<u8>>) -> Result<Vec<u8>, String> {
    if files.len() <= 1 {
        return Ok(files.pop().unwrap_or_default());
    }
    let mut next_id = 1;
    let mut pages: Vec<ObjectId> = Vec::new();
    let mut out = Document::with_version("1.7");
    for bytes in &files {
        let mut doc = Document::load_mem(bytes).map_err(|e| format!("label PDF unreadable: {e}"))?;
        doc.renumber_objects_with(next_id);
        next_id = doc.max_id + 1;
        pages.extend(doc.get_pages().into_values());
        for (id, object) in doc.objects {
            let kind = object.as_dict().ok().and_then(|d| d.get(b"Type").ok()).and_then(|t| t.as_name().ok());
            // The files' own catalogs and page trees give way to the merged ones.
            if !matches!(kind, Some(b"Catalog") | Some(b"Pages")) {
                out.objects.insert(id, object);
            }
        }
    }
    let tree_id = (next_id, 0);
    let catalog_id = (next_id + 1, 0);
    for page in &pages {
        let dict = out.get_object_mut(*page).and_then(Object::as_dict_mut).map_err(|e| format!("label page: {e}"))?;
        dict.set("Parent", Object::Reference(tree_id));
    }
    let mut tree = Dictionary::new();
    tree.set("Type", Object::Name(b"Pages".to_vec()));
    tree.set("Count", Object::Integer(pages.len() as i64));
    tree.set("Kids", Object::Array(pages.iter().map(|p| Object::Reference(*p)).collect()));
    out.objects.insert(tree_id, Object::Dictionary(tree));
    let mut catalog = Dictionary::new();
    catalog.set("Type", Object::Name(b"Catalog".to_vec()));
    catalog.set("Pages", Object::Reference(tree_id));
    out.objects.insert(catalog_id, Object::Dictionary(catalog));
    out.trailer.set("Root", Object::Reference(catalog_id));
    out.max_id = next_id + 1;
    let mut bytes = Vec::new();
    out.save_to(&mut bytes).map_err(|e| format!("merged PDF: {e}"))?;
    Ok(bytes)
}
