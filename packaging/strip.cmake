# CPack's pre-build script (packaging/deb.cmake): strips the staged /usr/bin/pacwar as dh_strip
# does, with the .comment and .note sections (compiler versions) removed too.
file(GLOB_RECURSE binaries "${CPACK_TEMPORARY_INSTALL_DIRECTORY}/*/usr/bin/pacwar"
     "${CPACK_TEMPORARY_INSTALL_DIRECTORY}/usr/bin/pacwar")
if(NOT binaries)
  message(FATAL_ERROR "strip.cmake: no usr/bin/pacwar under ${CPACK_TEMPORARY_INSTALL_DIRECTORY}")
endif()
foreach(binary ${binaries})
  execute_process(COMMAND strip --remove-section=.comment --remove-section=.note --strip-unneeded
                          ${binary} COMMAND_ERROR_IS_FATAL ANY)
endforeach()
