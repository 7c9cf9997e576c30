# Under HOIST_SANITIZE (scripts/test.sh --sanitize): how every test in tests/ runs (included at
# the end of tests/CMakeLists.txt, once every test there exists; CMake 3.25 cannot set a test
# property of another folder, so tests/fuzz's drivers run with the sanitizers' defaults, which
# differ only in having no suppressions). The variables reach the programs the tests start too
# (hoist, hoistd), which are sanitized alike.
# - Any report ends the program with a failure: UBSan does not recover (-fno-sanitize-recover),
#   ASan never does, and a leak found at exit makes the exit status 1.
# - LeakSanitizer is on for the core and hoistd tests; tests/sanitize/lsan.supp lists, one reason
#   each, the allocations that are not Hoist's. The window's tests (label ui) run without it:
#   QtGui's platform plugin, fontconfig and the style keep process-wide caches that live until
#   exit by design, and their leaks would say nothing about Hoist.
set(supp ${CMAKE_CURRENT_LIST_DIR}/lsan.supp)
set(HOIST_SANITIZE_SLOWDOWN 2)
set(ubsan "UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1")
set(lsan "LSAN_OPTIONS=suppressions=${supp}:print_suppressions=0")

# Tests that run no C++ of Hoist's, or only what a sanitizer cannot tell anything about: the
# format of the sources (tst_clangformat), what `cmake --install` lays out (tst_install), whether
# the translations match the sources (tst_translations, not even built here) and the RGW peer
# driven by aws (tst_rgw_peer). They run in the plain suite; here they are not run (ctest lists
# them as Disabled).
set(HOIST_SANITIZE_NOT_RUN tst_clangformat tst_install tst_translations tst_rgw_peer)
foreach(test ${HOIST_SANITIZE_NOT_RUN})
  set_property(TEST ${test} PROPERTY DISABLED TRUE)
  if(TARGET ${test})
    set_property(TARGET ${test} PROPERTY EXCLUDE_FROM_ALL TRUE)
  endif()
endforeach()

get_property(tests DIRECTORY PROPERTY TESTS)
foreach(test ${tests})
  get_property(labels TEST ${test} PROPERTY LABELS)
  if("ui" IN_LIST labels)
    set(asan "ASAN_OPTIONS=detect_leaks=0")
  else()
    set(asan "ASAN_OPTIONS=detect_leaks=1")
  endif()
  set_property(TEST ${test} APPEND PROPERTY ENVIRONMENT "${asan}" "${lsan}" "${ubsan}")
  # Instrumented code runs about twice as slowly, and a test's time limit is about its own time.
  get_property(timeout TEST ${test} PROPERTY TIMEOUT)
  if(timeout)
    math(EXPR timeout "${timeout} * ${HOIST_SANITIZE_SLOWDOWN}")
    set_property(TEST ${test} PROPERTY TIMEOUT ${timeout})
  endif()
endforeach()
