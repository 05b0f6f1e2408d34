import TabNav

/// Videos of the demo's top-level tabs. Titles and summaries are invented for this project.
enum DemoVideos {
    static let watchNow = [
        Video(id: "first-light-over-the-dunes", title: "First Light over the Dunes", duration: "4:12",
              summary: "Sunrise creeps across rippled sand while the wind redraws every ridge."),
        Video(id: "harbour-at-dusk", title: "Harbour at Dusk", duration: "6:05",
              summary: "Fishing boats come home as the lamps along the quay flicker on one by one."),
        Video(id: "into-the-forest-canopy", title: "Into the Forest Canopy", duration: "8:40",
              summary: "A slow climb from the mossy floor to the sunlit crowns of an old beech forest."),
        Video(id: "night-train-north", title: "Night Train North", duration: "12:18",
              summary: "Snowy stations slide past the window of a sleeper bound for the Arctic Circle."),
        Video(id: "the-glacier-breathes", title: "The Glacier Breathes", duration: "5:33",
              summary: "Meltwater, creaking ice and a calving wall filmed over a single summer afternoon."),
    ]

    static let library = [
        Video(id: "forest-rain-at-dawn", title: "Forest Rain at Dawn", duration: "3:47",
              summary: "Drops gather on fern tips and fall into a stream swollen by the night's storm."),
        Video(id: "city-of-bridges", title: "City of Bridges", duration: "9:02",
              summary: "A boat trip under forty bridges, from stone arches to a glass footbridge."),
        Video(id: "mirror-of-the-salt-flats", title: "Mirror of the Salt Flats", duration: "4:56",
              summary: "After the rain, a desert of salt turns into a sky you can walk on."),
        Video(id: "a-night-of-lanterns", title: "A Night of Lanterns", duration: "7:21",
              summary: "Thousands of paper lanterns rise over a river town on the last night of the year."),
        Video(id: "when-the-desert-blooms", title: "When the Desert Blooms", duration: "5:10",
              summary: "One wet week wakes seeds that have waited years in the dust."),
        Video(id: "the-old-stone-lighthouse", title: "The Old Stone Lighthouse", duration: "6:44",
              summary: "The last keeper shows the lamp room, the logbooks and the view from the gallery."),
        Video(id: "garden-on-the-volcano", title: "A Garden on the Volcano", duration: "4:25",
              summary: "Farmers grow vines in black ash, each plant sheltered by its own stone wall."),
    ]

    static let new = [
        Video(id: "tracks-of-the-winter-fox", title: "Tracks of the Winter Fox", duration: "6:30",
              summary: "Following fresh prints through deep snow to a den at the edge of the pines."),
        Video(id: "moss-and-mist", title: "Moss and Mist: A Rainforest Morning", duration: "10:02",
              summary: "Fog lifts from a temperate rainforest and the whole valley starts to drip."),
        Video(id: "the-kelp-cathedral", title: "The Kelp Cathedral", duration: "7:48",
              summary: "Sunbeams slant through towering kelp where sea otters wrap themselves to sleep."),
    ]

    static let favorites = [
        Video(id: "a-slow-river-day", title: "A Slow River Day", duration: "15:00",
              summary: "A canoe, a thermos and nothing to do but drift between the willows."),
        Video(id: "aurora-hour-by-hour", title: "Aurora, Hour by Hour", duration: "8:08",
              summary: "A whole night of northern lights compressed into eight green minutes."),
        Video(id: "campfire-in-the-pine-forest", title: "Campfire in the Pine Forest", duration: "30:00",
              summary: "Crackling logs and falling needles: half an hour to unwind to."),
    ]

    static let downloads = [
        Video(id: "switchbacks-in-the-clouds", title: "Switchbacks in the Clouds", duration: "5:58",
              summary: "A mountain road climbs out of the fog and into a sea of cloud."),
        Video(id: "secrets-of-the-tide-pool", title: "Secrets of the Tide Pool", duration: "4:40",
              summary: "Anemones, hermit crabs and a shy octopus in a pool the size of a bathtub."),
        Video(id: "a-quiet-forest-trail", title: "A Quiet Forest Trail", duration: "11:15",
              summary: "A walk with no narration, only birdsong and footsteps on soft ground."),
    ]
}
