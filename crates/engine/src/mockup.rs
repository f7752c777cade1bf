//! TODO(owner): see lib.rs.
