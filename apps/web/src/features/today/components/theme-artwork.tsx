import { useId, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { themePalette } from "../theme-art";

const SILHOUETTE = "#0c0a09";
const PAGE = "#faf6ee";

/** A person seen from afar: head and shoulders over a body, standing at `x` with his feet at `y`. */
function Figure(props: { x: number; y: number; height: number }) {
  const { x, y, height: h } = props;
  const head = h * 0.16;
  return (
    <g fill={SILHOUETTE} fillOpacity={0.78}>
      <circle cx={x} cy={y - h + head} r={head} />
      <rect x={x - h * 0.17} y={y - h + head * 2.2} width={h * 0.34} height={h - head * 2.2} rx={h * 0.12} />
    </g>
  );
}

/** Each theme's sign, drawn over the land in the theme's light (decorative; the theme is named beside it). */
function Motif(props: { theme: string; light: string }): ReactNode {
  const { light } = props;
  switch (props.theme) {
    case "marriage":
      return (
        <g fill="none" stroke={light} strokeWidth={4}>
          <circle cx={150} cy={70} r={17} />
          <circle cx={172} cy={70} r={17} />
        </g>
      );
    case "fatherhood":
      return (
        <>
          <Figure x={196} y={131} height={40} />
          <Figure x={214} y={132} height={24} />
        </>
      );
    case "work":
      return (
        <g fill={SILHOUETTE} fillOpacity={0.72}>
          {[
            [40, 30],
            [58, 46],
            [80, 24],
            [96, 38],
            [230, 34],
            [250, 52],
            [272, 28],
          ].map(([x, h]) => (
            <rect key={x} x={x} y={112 - h!} width={16} height={h! + 10} />
          ))}
        </g>
      );
    case "prayer":
      return (
        <g stroke={light} strokeWidth={2.5} strokeLinecap="round" strokeOpacity={0.75}>
          {Array.from({ length: 9 }, (_, i) => {
            const angle = Math.PI + (Math.PI * (i + 1)) / 10;
            return (
              <line
                key={i}
                x1={160 + Math.cos(angle) * 44}
                y1={104 + Math.sin(angle) * 44}
                x2={160 + Math.cos(angle) * 64}
                y2={104 + Math.sin(angle) * 64}
              />
            );
          })}
        </g>
      );
    case "bible_study":
      return (
        <g>
          <path d="M160 128 C140 118 118 118 100 124 L100 96 C118 90 140 90 160 100 Z" fill={PAGE} />
          <path d="M160 128 C180 118 202 118 220 124 L220 96 C202 90 180 90 160 100 Z" fill={PAGE} fillOpacity={0.9} />
          <path d="M160 100 L160 128" stroke={SILHOUETTE} strokeOpacity={0.35} strokeWidth={1.5} />
        </g>
      );
    case "brotherhood":
      return (
        <>
          <Figure x={140} y={129} height={34} />
          <Figure x={160} y={130} height={38} />
          <Figure x={180} y={131} height={34} />
        </>
      );
    case "temptation":
      return (
        <path
          d="M150 160 C150 140 178 132 170 118 C164 108 150 104 158 96 L162 96 C156 104 172 110 176 120 C184 134 164 142 170 160 Z"
          fill={light}
          fillOpacity={0.55}
        />
      );
    case "leadership":
      return (
        <g>
          <path
            d="M232 130 L232 62 C232 50 248 50 248 62"
            fill="none"
            stroke={SILHOUETTE}
            strokeOpacity={0.8}
            strokeWidth={4}
            strokeLinecap="round"
          />
          {[
            [196, 126],
            [212, 132],
            [178, 134],
          ].map(([x, y]) => (
            <g key={x}>
              <ellipse cx={x} cy={y} rx={10} ry={6.5} fill={PAGE} />
              <circle cx={x! + 9} cy={y! - 3} r={3.5} fill={SILHOUETTE} fillOpacity={0.75} />
            </g>
          ))}
        </g>
      );
    default:
      return null;
  }
}

/** The day's picture when the devotional has none: the theme's sky, hills, light and sign, drawn in SVG. */
export function ThemeArtwork(props: { theme: string; className?: string }) {
  const palette = themePalette(props.theme);
  const id = useId();
  const sky = `${id}-sky`;
  const behind = props.theme === "work";
  const sun = props.theme === "prayer" ? { x: 160, y: 104 } : { x: 86, y: 58 };
  return (
    <svg
      viewBox="0 0 320 160"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
      data-testid="theme-artwork"
      data-theme={props.theme}
      className={cn("block h-full w-full", props.className)}
    >
      <defs>
        <linearGradient id={sky} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={palette.sky[0]} />
          <stop offset="1" stopColor={palette.sky[1]} />
        </linearGradient>
      </defs>
      <rect width="320" height="160" fill={`url(#${sky})`} />
      <circle cx={sun.x} cy={sun.y} r={40} fill={palette.light} fillOpacity={0.22} />
      <circle cx={sun.x} cy={sun.y} r={24} fill={palette.light} />
      <path d="M0 112 C60 92 110 100 160 108 C220 118 270 94 320 100 L320 160 L0 160 Z" fill={palette.land[0]} />
      {/* A skyline stands behind the near hill; every other sign stands on it. */}
      {behind ? <Motif theme={props.theme} light={palette.light} /> : null}
      <path d="M0 132 C70 118 130 126 190 130 C250 134 290 122 320 124 L320 160 L0 160 Z" fill={palette.land[1]} />
      {behind ? null : <Motif theme={props.theme} light={palette.light} />}
    </svg>
  );
}
