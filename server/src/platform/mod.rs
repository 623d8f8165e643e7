//! What every business resource stands on: the resource layer (declared tables served as
//! JeecgBoot's list/add/edit/delete/export calls).

pub mod resource;
