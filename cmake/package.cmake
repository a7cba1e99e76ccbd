# The CMake package: find_package(paddle_lite CONFIG) from an installed prefix
# (lib/cmake/paddle_lite) or from the build tree (-Dpaddle_lite_DIR=<build>). Included at
# the end of lite/api/CMakeLists.txt, once the libraries exist.
include(CMakePackageConfigHelpers)

configure_file(${PROJECT_SOURCE_DIR}/cmake/plite_version.h.in
               ${PROJECT_BINARY_DIR}/include/plite_version.h @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/include/plite_version.h DESTINATION include)

set(_plite_libs paddle_light_api_shared)
if(TARGET paddle_full_api_shared)
  list(APPEND _plite_libs paddle_full_api_shared)
endif()
foreach(lib ${_plite_libs})
  # libX.so -> libX.so.0 (the SONAME) -> libX.so.0.1.0
  set_target_properties(${lib} PROPERTIES VERSION ${PROJECT_VERSION}
                        SOVERSION ${PROJECT_VERSION_MAJOR})
  target_include_directories(${lib} INTERFACE
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/lite/api>
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}>
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:include>)
endforeach()
install(TARGETS ${_plite_libs} EXPORT paddle_liteTargets LIBRARY DESTINATION lib)
install(EXPORT paddle_liteTargets NAMESPACE paddle_lite:: DESTINATION lib/cmake/paddle_lite)
export(EXPORT paddle_liteTargets NAMESPACE paddle_lite::
       FILE ${PROJECT_BINARY_DIR}/paddle_liteTargets.cmake)

write_basic_package_version_file(${PROJECT_BINARY_DIR}/paddle_liteConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
# Installed: paths relative to the prefix.
set(PLITE_BUNDLED_PATH "\${PACKAGE_PREFIX_DIR}/lib/libpaddle_api_light_bundled.a")
set(PLITE_FULL_BUNDLED_PATH "\${PACKAGE_PREFIX_DIR}/lib/libpaddle_api_full_bundled.a")
set(PLITE_INCLUDE_DIRS "\${PACKAGE_PREFIX_DIR}/include")
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/paddle_liteConfig.cmake.in
  ${PROJECT_BINARY_DIR}/package/paddle_liteConfig.cmake
  INSTALL_DESTINATION lib/cmake/paddle_lite)
install(FILES ${PROJECT_BINARY_DIR}/package/paddle_liteConfig.cmake
              ${PROJECT_BINARY_DIR}/paddle_liteConfigVersion.cmake
        DESTINATION lib/cmake/paddle_lite)
# Build tree: absolute paths into the source and build directories.
set(PLITE_BUNDLED_PATH ${LITE_LIGHT_BUNDLED})
set(PLITE_FULL_BUNDLED_PATH ${CMAKE_CURRENT_BINARY_DIR}/libpaddle_api_full_bundled.a)
set(PLITE_INCLUDE_DIRS
    "${PROJECT_SOURCE_DIR}/lite/api;${PROJECT_SOURCE_DIR};${PROJECT_BINARY_DIR}/include")
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/paddle_liteConfig.cmake.in
  ${PROJECT_BINARY_DIR}/paddle_liteConfig.cmake
  INSTALL_DESTINATION ${PROJECT_BINARY_DIR})
