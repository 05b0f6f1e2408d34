import TabNav

extension DemoShelf {
    /// The children of the Collections section, in their default order.
    static let collections = [
        DemoShelf(id: "cinematic-shots", title: "Cinematic Shots", icon: "list.and.film", videos: [
            Video(id: "over-the-fjords", title: "Over the Fjords", duration: "3:20",
                  summary: "A drone glides between cliffs so steep the waterfalls never reach the ground."),
            Video(id: "rooftop-storm", title: "Storm over the Rooftops", duration: "2:54",
                  summary: "Lightning crackles over a sleeping city, filmed from a chimney-top perch."),
            Video(id: "golden-hour-vineyard", title: "Golden Hour in the Vineyard", duration: "3:36",
                  summary: "Long shadows stretch between the rows as the last light turns the grapes amber."),
        ]),
        DemoShelf(id: "forest-life", title: "Forest Life", icon: "list.and.film", videos: [
            Video(id: "the-midnight-owl", title: "The Midnight Owl", duration: "5:12",
                  summary: "A tawny owl hunts by ear in a forest lit only by the moon."),
            Video(id: "forest-floor-fungi", title: "Forest Floor Fungi", duration: "4:03",
                  summary: "Time-lapse mushrooms push through leaf litter in a matter of seconds."),
            Video(id: "deer-in-the-ferns", title: "Deer in the Ferns", duration: "3:41",
                  summary: "A fawn takes its first wobbly steps under a canopy of bracken."),
        ]),
        DemoShelf(id: "by-the-sea", title: "By the Sea", icon: "list.and.film", videos: [
            Video(id: "sea-stacks-at-sunset", title: "Sea Stacks at Sunset", duration: "4:18",
                  summary: "Waves carve the last pillars of an old headland while the sky burns orange."),
            Video(id: "seal-beach", title: "Seal Beach", duration: "6:27",
                  summary: "Pups, squabbles and long naps on a pebble beach in early spring."),
            Video(id: "winter-swell", title: "Winter Swell", duration: "3:12",
                  summary: "Slow-motion breakers explode against a harbour wall in a January gale."),
        ]),
        DemoShelf(id: "cute-critters", title: "Cute Critters", icon: "list.and.film", videos: [
            Video(id: "otters-at-play", title: "Otters at Play", duration: "3:05",
                  summary: "Two young otters invent a game with a pebble and refuse to stop."),
            Video(id: "hedgehog-evening", title: "A Hedgehog's Evening", duration: "4:49",
                  summary: "From under the garden shed to the compost heap and back before dawn."),
            Video(id: "duckling-parade", title: "The Duckling Parade", duration: "2:12",
                  summary: "Eleven ducklings, one mother and a very patient line of traffic."),
        ]),
        DemoShelf(id: "overnight-adventures", title: "Overnight Adventures", icon: "list.and.film", videos: [
            Video(id: "canyon-under-the-stars", title: "Canyon under the Stars", duration: "9:30",
                  summary: "Camp on a sandbar deep in a red canyon while the Milky Way wheels overhead."),
            Video(id: "hammock-in-the-forest", title: "A Hammock in the Forest", duration: "7:55",
                  summary: "Stringing a hammock between two spruces and listening to the night come alive."),
            Video(id: "a-night-in-a-snow-cave", title: "A Night in a Snow Cave", duration: "8:14",
                  summary: "Digging, building and sleeping surprisingly warm inside a drift."),
        ]),
        DemoShelf(id: "stunning-vistas", title: "Stunning Vistas", icon: "list.and.film", videos: [
            Video(id: "ridge-above-the-clouds", title: "Ridge above the Clouds", duration: "3:58",
                  summary: "A narrow ridge walk with an ocean of cloud on both sides."),
            Video(id: "terraced-hills", title: "The Terraced Hills", duration: "4:34",
                  summary: "Rice terraces step down a mountainside, each one a mirror after planting."),
            Video(id: "lake-of-mirrors", title: "Lake of Mirrors", duration: "5:06",
                  summary: "Not a breath of wind: peaks, clouds and a lone canoe, twice each."),
        ]),
    ]
}
