import { api } from '@nearcast/contract';

/** What a change to an area or a zone can alter: every list of areas (pickers, the plan page's
 *  cities, the tree) and of zones, whichever feature shows them. */
export const areaReads = [api.area.list, api.area.zone, api.area.zoneAll];
