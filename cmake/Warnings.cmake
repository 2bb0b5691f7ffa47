# One place for the warning policy: every target of ours calls dcconf_warnings().
function(dcconf_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion)
  if(DCCONF_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

# The oracle keeps its asserts in every build type: it is a reference, not a fast path.
function(dcconf_keep_asserts target)
  target_compile_options(${target} PRIVATE -UNDEBUG)
endfunction()
