# The Debian package (make deb: CPack's DEB generator over these install rules; docs/deploy.md).
# /usr/bin/pacwar, the run-time data and web files in /usr/share/pacwar (found by
# engine/data_dir.cc beside the binary), the systemd unit, the settings as a conffile, the docs.
set(PACWAR_PACKAGE_VERSION 0.1.0)  # also in packaging/changelog and packaging/pacwar.1
set(PACWAR_PACKAGING ${CMAKE_SOURCE_DIR}/packaging)

install(TARGETS pacwar RUNTIME DESTINATION bin)
# Full RELRO (bind now) for the installed binary, as Debian's hardening flags have it; a relink.
target_link_options(pacwar PRIVATE -Wl,-z,relro,-z,now)
# Read at run time: the games' files, the server's catalog and ratings, WitP's chit cups and
# chartbook schema. Left out: the strategic test suites (suite/, read only by `pacwar suite`,
# which takes --dir), the MCTS decision records of the tests (ai/) and the map's sources, from
# which web/geo.js was generated (geo/).
install(DIRECTORY ${CMAKE_SOURCE_DIR}/data/ DESTINATION share/pacwar/data
        PATTERN suite EXCLUDE PATTERN ai EXCLUDE PATTERN geo EXCLUDE)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/web/ DESTINATION share/pacwar/web)
# Debian 12 keeps units in /lib (the /usr-merge moratorium); CPack stages absolute paths as is.
install(FILES ${PACWAR_PACKAGING}/pacwar.service DESTINATION /lib/systemd/system)
install(FILES ${PACWAR_PACKAGING}/pacwar.conf DESTINATION /etc/pacwar)
install(FILES ${PACWAR_PACKAGING}/copyright ${CMAKE_SOURCE_DIR}/docs/deploy.md
        DESTINATION share/doc/pacwar)
install(FILES ${CMAKE_SOURCE_DIR}/deploy/nginx.conf ${CMAKE_SOURCE_DIR}/deploy/nginx-cluster.conf
        DESTINATION share/doc/pacwar/examples)
install(FILES ${PACWAR_PACKAGING}/lintian-overrides DESTINATION share/lintian/overrides
        RENAME pacwar)

# The changelog and the manual page, compressed as Debian wants them (gzip -9n: no name, no
# time, so the package's bytes do not change with the build's date).
set(PACWAR_GZ ${CMAKE_BINARY_DIR}/packaging)
file(MAKE_DIRECTORY ${PACWAR_GZ})
foreach(pair "changelog:changelog.gz" "pacwar.1:pacwar.1.gz")
  string(REPLACE ":" ";" pair ${pair})
  list(GET pair 0 from)
  list(GET pair 1 to)
  execute_process(COMMAND gzip -9n -c ${PACWAR_PACKAGING}/${from} OUTPUT_FILE ${PACWAR_GZ}/${to}
                  COMMAND_ERROR_IS_FATAL ANY)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${PACWAR_PACKAGING}/${from})
endforeach()
install(FILES ${PACWAR_GZ}/changelog.gz DESTINATION share/doc/pacwar)
install(FILES ${PACWAR_GZ}/pacwar.1.gz DESTINATION share/man/man1)

# make deb builds only the pacwar target, so installing (CPack's first step) must not build
# everything first (the tests and benchmarks).
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME pacwar)
set(CPACK_PACKAGE_VERSION ${PACWAR_PACKAGE_VERSION})
set(CPACK_PACKAGE_CONTACT "pacwar maintainers <maintainers@users.noreply.a-seed-e94dfcc9.example>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_PRE_BUILD_SCRIPTS ${PACWAR_PACKAGING}/strip.cmake)  # strip as dh_strip does
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# Not "games": Debian puts a game's programs in /usr/games; this is foremost a web server.
set(CPACK_DEBIAN_PACKAGE_SECTION web)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)  # Depends from dpkg-shlibdeps
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "nginx, postgresql")
# The first line is the synopsis; CPack indents the others (an empty line becomes " .").
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "strategic board wargames with every rule enforced
pacwar plays The Pacific War and Greater East Asia Co-Prosperity Sphere in
the browser or the terminal, against a friend or a computer player that sees
only what its side may see. Every prompt names the rule section it comes
from and every menu holds only legal choices. It also keeps the strategic
books of a War in the Pacific campaign.

This package holds the program, its game data and browser UI, and a
hardened systemd service (pacwar.service) that serves the games on
127.0.0.1, set up in /etc/pacwar/pacwar.conf; put nginx with TLS in front.")
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA
    "${PACWAR_PACKAGING}/conffiles;${PACWAR_PACKAGING}/postinst;${PACWAR_PACKAGING}/prerm;${PACWAR_PACKAGING}/postrm")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
include(CPack)
