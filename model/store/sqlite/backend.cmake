# The SQLite backend's link dependencies (included by the top-level
# CMakeLists.txt for every model/store/<backend>/backend.cmake).
target_link_libraries(dt_store PRIVATE PkgConfig::SQLITE3)
