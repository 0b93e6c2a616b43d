"""The card catalog: releases, profiles, formats and arenas, managed by staff."""
